import type * as S3 from "@aws-sdk/client-s3";
import type { FileStore } from "./file-store";
import { isFileKey } from "./keys";

export type S3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, R2, …); absent for AWS itself. */
  endpoint?: string;
  /** Bucket in the path rather than the host name, as most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Absent: the SDK's usual chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Uploads in an S3 bucket, shared by every instance of the site. */
export function createS3Store(config: S3Config): FileStore {
  // The SDK takes half a second to load; sites on the disk store never pay for it.
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Checksums only where S3 requires them: many S3-compatible servers reject the
        // newer checksum headers the SDK would otherwise add to every upload.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = config.bucket;
  return {
    async put(key, body, contentType) {
      if (!isFileKey(key)) throw new Error(`Not a stored file's key: ${key}`);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      if (!isFileKey(key)) return null;
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream(), size: object.ContentLength };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      const { sdk, client } = await connect();
      const { Errors } = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = Errors?.filter((error) => error.Code !== "NoSuchKey") ?? [];
      if (failed.length > 0) {
        throw new Error(`The file store kept ${failed.length} file(s): ${failed[0]?.Message ?? ""}`);
      }
    },
  };
}
