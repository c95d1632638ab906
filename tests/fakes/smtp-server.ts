import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A mail server on loopback for the order-email tests (issue 14 item 4; DESIGN.md §14): the
 * `smtp-server` package without AUTH or STARTTLS, on 127.0.0.1 and a free port. Every message it
 * accepts is parsed with `mailparser` and kept in `received` (its envelope sender in `senders`, same
 * order); `failNext(n)` makes it answer the next n messages with a temporary failure (451), as a mail
 * server that is down for a while; `holdNext(phase)` stalls the next message at MAIL FROM, RCPT TO or
 * after its DATA (before the 250) until released, so a test can kill the sender mid-send (issue 49
 * item 1). A message whose sender went away while held is never accepted.
 */
export type FakeSmtp = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** The envelope sender (MAIL FROM) of each message in `received`, same order. */
  senders: string[];
  /** When each message in `received` was accepted (its 250), ms since epoch, same order. */
  acceptedAt: number[];
  /** When each message in `received` had come in whole (the end of its DATA, the sender's final dot), ms since epoch, same order. */
  dataEndedAt: number[];
  /** Messages answered 451 so far. */
  refused: () => number;
  failNext: (count: number) => void;
  /** Stalls a message at `phase` — the next one, or the one after `skip` others got there; resolves once it is stalled. */
  holdNext: (phase: HoldPhase, skip?: number) => Promise<HeldMessage>;
  close: () => Promise<void>;
};

/** Where `holdNext` stalls a message: before answering MAIL FROM, RCPT TO, or the end of DATA. */
export type HoldPhase = "mail" | "rcpt" | "data";
/** A stalled message: its envelope sender, its Message-ID (known only at "data"), and the release that lets the server answer. */
export type HeldMessage = { phase: HoldPhase; from: string; messageId: string | null; release: () => void };

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ParsedMail[] = [];
  const senders: string[] = [];
  const acceptedAt: number[] = [];
  const dataEndedAt: number[] = [];
  let failing = 0;
  let refused = 0;
  let hold: { phase: HoldPhase; skip: number; resolve: (held: HeldMessage) => void } | null = null;
  /** Answers now, or — when a hold waits for `phase` — once the test releases it. */
  const maybeHold = (phase: HoldPhase, from: string, messageId: string | null, answer: () => void) => {
    if (hold?.phase !== phase) return answer();
    if (hold.skip > 0) {
      hold.skip -= 1;
      return answer();
    }
    const { resolve } = hold;
    hold = null;
    resolve({ phase, from, messageId, release: answer });
  };
  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    onMailFrom(address, _session, callback) {
      maybeHold("mail", address.address, null, () => callback());
    },
    onRcptTo(_address, session, callback) {
      maybeHold("rcpt", session.envelope.mailFrom ? session.envelope.mailFrom.address : "", null, () => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const endedAt = Date.now();
        if (failing > 0) {
          failing -= 1;
          refused += 1;
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) =>
            maybeHold("data", from, mail.messageId ?? null, () => {
              received.push(mail);
              senders.push(from);
              acceptedAt.push(Date.now());
              dataEndedAt.push(endedAt);
              callback();
            }),
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
    senders,
    acceptedAt,
    dataEndedAt,
    refused: () => refused,
    failNext: (count) => {
      failing = count;
    },
    holdNext: (phase, skip = 0) =>
      new Promise<HeldMessage>((resolve) => {
        hold = { phase, skip, resolve };
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
