import { spawn, type ChildProcess } from "node:child_process";
import { buildProofApp, proofBuildFolder } from "./production-build";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type ContractServer = {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** The server's SQLite file, for reading what it stored. */
  databaseFile: string;
  stop: () => Promise<void>;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILD_SUFFIX = "contract";

/**
 * The production build served by remix-serve on a free loopback port with a fresh SQLite database
 * seeded with the demo catalogue (DESIGN.md §14): what the http adapter's contract tests call.
 * Builds first (buildProofApp: nothing when the run shares one build) unless CONTRACT_SKIP_BUILD=1.
 * Rate limits: 5 failed logins a minute per account (the default), and 5 failed logins plus sign-ups
 * per forwarded address (TRUST_PROXY=true, so a test can name its address in X-Forwarded-For);
 * requests without that header have no per-address limit.
 */
export async function startContractServer(
  env: Record<string, string> = {},
  // Contract files run in parallel: each names its own build folder. `skipBuild`: a second server
  // from the build this file already made (e.g. a storefront in front of a backend).
  { buildSuffix = BUILD_SUFFIX, skipBuild = false }: { buildSuffix?: string; skipBuild?: boolean } = {},
): Promise<ContractServer> {
  if (!skipBuild && process.env.CONTRACT_SKIP_BUILD !== "1") buildProofApp(buildSuffix);

  const port = await freePort();
  const dir = path.join(ROOT, "tests/.tmp", `contract-${process.pid}-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseFile = path.join(dir, "store.db");
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${databaseFile}`,
    SESSION_SECRET: "contract-session-secret-not-for-production",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BACKEND_URL: "",
    TRUST_PROXY: "true",
    RATE_LIMIT_ADDRESS_PER_MIN: "5",
    ...env,
  };
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), `./${proofBuildFolder(buildSuffix)}/index.js`], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    baseUrl,
    databaseFile,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port free a moment ago (the OS picks it; closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The contract server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopChild(child);
  throw new Error(`The contract server did not become healthy in 60 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
