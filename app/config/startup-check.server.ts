import { getEnv, type Env } from "~/config/env.server";
import { log } from "~/observability/log.server";

/**
 * The server's configuration, parsed as the server's first step: entry.server.tsx imports this
 * module first, so it runs before any module that reads the environment when it is imported (the
 * package is `sideEffects: false`, hence a value and not a bare import). A refused configuration
 * stops the process with exit code 1 and one fatal JSON line naming each setting that is wrong —
 * never its value — instead of a plain-text stack (issue 46 item 2; issue 8's fail-fast start).
 */
export const startupEnv: Env = checkedEnv();

function checkedEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    log.fatal({ err: error }, error instanceof Error ? error.message : "Invalid configuration");
    process.exit(1);
  }
}
