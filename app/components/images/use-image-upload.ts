import { useCallback, useEffect, useRef, useState } from "react";
import type { ImageRef } from "#server/db/schema";
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES } from "~/lib/images";
import { m } from "~/paraglide/messages";

/** What the upload field says before anything is chosen: the formats the server reads, in words. */
export const uploadHint = (): string => m.images_upload_hint({ megabytes: MAX_IMAGE_MEGABYTES });

type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; fileName: string; percent: number }
  | { kind: "failed"; message: string };

type RefusalBody = { error?: string; fields?: Record<string, string> };

/** The server's own words for a refusal, or a plain one when it sent none (a dropped connection). */
function refusalMessage(status: number, body: unknown): string {
  const refusal = (body ?? {}) as RefusalBody;
  if (refusal.fields?.file) return refusal.fields.file;
  if (refusal.error) return refusal.error;
  if (status === 413) return m.images_file_too_large({ megabytes: MAX_IMAGE_MEGABYTES });
  if (status === 401) return m.images_session_ended();
  return m.images_upload_failed();
}

/**
 * Sends one image to the partner area's upload endpoint with XMLHttpRequest, which
 * (unlike fetch) reports the upload's progress. Resolves with the stored ImageRef.
 */
function sendImage(
  file: File,
  partnerId: string,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<ImageRef> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", IMAGE_UPLOAD_PATH);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      if (request.status === 201) resolve(request.response as ImageRef);
      else reject(new Error(refusalMessage(request.status, request.response)));
    });
    request.addEventListener("error", () => reject(new Error(m.images_upload_unreachable())));
    request.addEventListener("abort", () => reject(new DOMException("Upload cancelled", "AbortError")));
    signal.addEventListener("abort", () => request.abort());
    const body = new FormData();
    body.set("partnerId", partnerId);
    body.set("file", file);
    request.send(body);
  });
}

/**
 * One upload at a time for a field: checks the size before sending, reports progress,
 * and keeps the server's message when it refuses the file.
 */
export function useImageUpload(partnerId: string) {
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const upload = useCallback(
    async (file: File): Promise<ImageRef | null> => {
      if (file.size > MAX_IMAGE_BYTES) {
        setState({
          kind: "failed",
          message: m.images_too_large({ fileName: file.name, megabytes: MAX_IMAGE_MEGABYTES }),
        });
        return null;
      }
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ kind: "uploading", fileName: file.name, percent: 0 });
      try {
        const image = await sendImage(
          file,
          partnerId,
          (percent) => setState({ kind: "uploading", fileName: file.name, percent }),
          controller.signal,
        );
        setState({ kind: "idle" });
        return image;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return null;
        setState({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
        return null;
      } finally {
        if (current.current === controller) current.current = null;
      }
    },
    [partnerId],
  );

  const clearError = useCallback(
    () => setState((previous) => (previous.kind === "failed" ? { kind: "idle" } : previous)),
    [],
  );

  return { state, upload, clearError };
}
