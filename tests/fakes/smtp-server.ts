import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A mail server on loopback for the order-email tests (issue 14 item 4; DESIGN.md §14): the
 * `smtp-server` package without AUTH or STARTTLS, on 127.0.0.1 and a free port. Every message it
 * accepts is parsed with `mailparser` and kept in `received`; `failNext(n)` makes it answer the
 * next n messages with a temporary failure (451), as a mail server that is down for a while.
 */
export type FakeSmtp = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** Messages answered 451 so far. */
  refused: () => number;
  failNext: (count: number) => void;
  close: () => Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ParsedMail[] = [];
  let failing = 0;
  let refused = 0;
  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failing > 0) {
          failing -= 1;
          refused += 1;
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    failNext: (count) => {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
