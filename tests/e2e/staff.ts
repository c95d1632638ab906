import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { logInWithForm, newShopper, registerWithApi, type Shopper } from "./auth";
import { expect } from "./fixtures";

const run = promisify(execFile);

/** The e2e server's database (tests/setup/e2e-server.sh), for the owner's terminal commands. */
export function e2eDatabaseUrl(): string {
  const port = process.env.E2E_PORT ?? "3210";
  return `file:${path.resolve(`tests/.tmp/e2e-${port}/store.db`)}`;
}

/** Runs one of the owner's commands (`scripts/NAME.ts ARGS…`) on the e2e server's database; answers its output. */
export async function ownerCommand(script: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run("node", ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(), NODE_ENV: "production", SESSION_SECRET: "e2e-session-secret-not-for-production" },
  });
}

/** A new account made staff with `npm run staff:add` (the owner's way), not signed in yet. */
export async function newStaffMember(request: APIRequestContext, role: "owner" | "staff"): Promise<Shopper> {
  const member = newShopper(role);
  await registerWithApi(request, member);
  await ownerCommand("staff", ["add", member.email, "--role", role]);
  return member;
}

/** Makes a new staff member and signs them in through /login (JavaScript on or off); ends on /admin. */
export async function signInAsStaff(page: Page, role: "owner" | "staff" = "owner"): Promise<Shopper> {
  const member = await newStaffMember(page.request, role);
  await page.goto("/login?redirectTo=%2Fadmin");
  await logInWithForm(page, member);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  return member;
}
