import fs from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { FileStore } from "./file-store";
import { isFileKey } from "./keys";

/** Uploads as files in one folder (DATA_DIR/uploads), for a single instance. */
export function createDiskStore(dir: string): FileStore {
  const fileOf = (key: string) => {
    if (!isFileKey(key)) throw new Error(`Not a stored file's key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
        return { body, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}
