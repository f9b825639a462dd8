import os from "node:os";
import path from "node:path";
import { createDiskStore } from "./disk-store";
import { createS3Store, type S3Config } from "./s3-store";

/** A stored file as it is read back: a stream, so a large file never sits in memory. */
type StoredFile = { body: ReadableStream<Uint8Array>; size: number | undefined };

/**
 * Where uploads live: the local disk (the embedded default) or S3-compatible object
 * storage shared by several instances. Keys are flat file names (`<hash>-640.webp`).
 */
export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when no file has this key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes these files; a key already gone is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** What the environment chose (server/env.ts). */
export type StorageConfig = { kind: "disk"; dir: string } | ({ kind: "s3" } & S3Config);

export function createFileStore(config: StorageConfig): FileStore {
  return config.kind === "disk" ? createDiskStore(config.dir) : createS3Store(config);
}

/** A store of its own in the system's temporary folder, for services made without one (tests, tools). */
export function temporaryFileStore(): FileStore {
  return createDiskStore(path.join(os.tmpdir(), `rcl-uploads-${process.pid}-${Date.now()}`));
}
