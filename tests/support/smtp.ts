import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on loopback, as a mail relay would be. `refuse()` is asked for every
 * message: true answers it with a temporary failure (451), as a busy server does.
 * `holdMs` keeps each message waiting before it is accepted.
 */
export async function startSmtpServer({
  refuse = () => false,
  holdMs = 0,
  onMessageStarted,
}: {
  refuse?: () => boolean;
  holdMs?: number;
  onMessageStarted?: () => void;
} = {}) {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      attempts += 1;
      onMessageStarted?.();
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        if (refuse()) {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        }, holdMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
