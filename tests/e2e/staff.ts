import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { logInWithForm, newShopper, registerWithApi, type Shopper } from "./auth";
import { expect } from "./fixtures";
import { STORE_PORT } from "./servers";

const run = promisify(execFile);

/** The database of the e2e server on `port` (tests/setup/e2e-server.sh; the store's by default), for the owner's terminal commands. */
export function e2eDatabaseUrl(port: number = STORE_PORT): string {
  return `file:${path.resolve(`tests/.tmp/e2e-${port}/store.db`)}`;
}

/**
 * Runs one of the owner's commands (`scripts/NAME.ts ARGS…`) on the database of the e2e server on
 * `port` (the store's by default); answers its output.
 */
export async function ownerCommand(script: string, args: string[], port: number = STORE_PORT): Promise<{ stdout: string; stderr: string }> {
  return run("node", ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl(port), NODE_ENV: "production", SESSION_SECRET: "e2e-session-secret-not-for-production" },
  });
}

/** The port of the e2e server a request context talks to (its baseURL's). */
async function serverPort(request: APIRequestContext): Promise<number> {
  return Number(new URL((await request.get("/healthz")).url()).port);
}

/** A new account made staff with `npm run staff:add` (the owner's way) on the request's server, not signed in yet. */
export async function newStaffMember(request: APIRequestContext, role: "owner" | "staff"): Promise<Shopper> {
  const member = newShopper(role);
  await registerWithApi(request, member);
  await ownerCommand("staff", ["add", member.email, "--role", role], await serverPort(request));
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
