import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** A key and a self-signed certificate for localhost, rcl.test and 127.0.0.1. */
type Certificate = { key: string; cert: string };

let made: Certificate | undefined;

/** Makes the certificate once per process, with Debian's openssl. */
function testCertificate(): Certificate {
  if (made) return made;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rcl-tls-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        certFile,
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,DNS:rcl.test,IP:127.0.0.1",
      ],
      { stdio: "pipe" },
    );
    made = { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8") };
    return made;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How the proxy writes X-Forwarded-Proto and X-Forwarded-Host: `replace` sets them to what
 * it saw, dropping what the client sent (Caddy, or nginx's `proxy_set_header`); `append` adds
 * its entry after the client's, as every proxy does for X-Forwarded-For.
 */
export type ForwardedMode = "replace" | "append";

export type ProxyRequestInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | FormData;
};

export type TlsProxy = {
  /** The public origin, https://127.0.0.1:<port>: what the browser's address bar shows. */
  url: string;
  certificate: Certificate;
  /** Sends requests on to this http:// origin from now on. */
  setTarget(origin: string): void;
  /** One request through the proxy, like a browser's (redirects are not followed). */
  request(path: string, init?: ProxyRequestInit): Promise<Response>;
  close(): Promise<void>;
};

// Hop-by-hop headers concern one connection and are not passed on (RFC 9110, 7.6.1).
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

const append = (existing: string | string[] | undefined, value: string) =>
  [existing, value].flat().filter(Boolean).join(", ");

/**
 * A TLS-terminating reverse proxy on loopback, as a host puts in front of the site: it
 * answers https with a certificate made for the test, and calls the site over plain http
 * with the upstream's own Host header and X-Forwarded-For/-Proto/-Host describing the
 * visitor's request. Responses stream back as they come (live counts use server-sent events).
 */
export async function startTlsProxy({
  target,
  forwarded = "replace",
}: { target?: string; forwarded?: ForwardedMode } = {}): Promise<TlsProxy> {
  const certificate = testCertificate();
  let upstream = target ? new URL(target) : undefined;

  const server = https.createServer(certificate, (req, res) => {
    if (!upstream) {
      res.writeHead(502).end("No upstream yet.");
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const visitorHost = req.headers.host ?? "";
    headers.host = upstream.host;
    headers["x-forwarded-for"] = append(req.headers["x-forwarded-for"], req.socket.remoteAddress ?? "");
    headers["x-forwarded-proto"] =
      forwarded === "append" ? append(req.headers["x-forwarded-proto"], "https") : "https";
    headers["x-forwarded-host"] =
      forwarded === "append" ? append(req.headers["x-forwarded-host"], visitorHost) : visitorHost;

    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const answerHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        // Each chunk goes out as it arrives, so an event stream is not held back.
        answer.on("data", (chunk: Buffer) => res.write(chunk));
        answer.on("end", () => res.end());
        answer.on("error", () => res.destroy());
      },
    );
    outgoing.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A visitor who goes away (a closed event stream) ends the upstream request too.
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `https://127.0.0.1:${port}`;

  return {
    url,
    certificate,
    setTarget: (origin) => {
      upstream = new URL(origin);
    },
    request: (requestPath, init) => sendThrough(url, certificate.cert, requestPath, init),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An https request that trusts `ca`, answered as a fetch Response. */
async function sendThrough(
  origin: string,
  ca: string,
  requestPath: string,
  { method = "GET", headers = {}, body }: ProxyRequestInit = {},
): Promise<Response> {
  const outgoingHeaders: Record<string, string> = { ...headers };
  let payload: Buffer | undefined;
  if (body !== undefined) {
    // A Request encodes the body as fetch would, with its Content-Type (and multipart boundary).
    const encoded = new Request(origin, { method: "POST", body });
    payload = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type");
    if (type && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) {
      outgoingHeaders["Content-Type"] = type;
    }
    outgoingHeaders["Content-Length"] = String(payload.length);
  }
  const url = new URL(requestPath, origin);
  return new Promise<Response>((resolve, reject) => {
    const request = https.request(url, { method, headers: outgoingHeaders, ca, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("error", reject);
      answer.on("end", () => {
        const responseHeaders = new Headers();
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          responseHeaders.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
        }
        const status = answer.statusCode ?? 0;
        const noBody = status === 204 || status === 304 || method === "HEAD";
        resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
    });
    request.on("error", reject);
    request.end(payload);
  });
}
