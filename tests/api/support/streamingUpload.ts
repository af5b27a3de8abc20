import { request } from 'node:http';
import { baseUrl } from './http';

/** One part of a hand-written multipart body: a text field, or a file whose bytes follow. */
export type Part = { name: string; value: string } | { name: string; file: string };

export interface StreamedUpload {
  status: number;
  body: { meta?: { message?: string }; data?: unknown };
  /** Bytes of the body written before the answer came (all of it when the server read everything). */
  bytesSent: number;
  totalBytes: number;
}

const BOUNDARY = '----probe-upload-boundary';
const CHUNK = Buffer.alloc(256 * 1024, 0x41);

function head(parts: readonly Part[]): Buffer {
  let text = '';
  for (const part of parts) {
    text += `--${BOUNDARY}\r\n`;
    if ('value' in part)
      text += `Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`;
    else
      text += `Content-Disposition: form-data; name="${part.name}"; filename="${part.file}"\r\nContent-Type: application/pdf\r\n\r\n`;
  }
  return Buffer.from(text);
}

/**
 * Posts `parts`, the last a file of about `fileBytes`, writing the file a chunk at a time (with
 * back-pressure) and stopping as soon as the server answers: a server that decides before reading
 * the file answers with most of the body never sent.
 */
export function streamUpload(
  path: string,
  token: string,
  parts: readonly Part[],
  fileBytes: number,
): Promise<StreamedUpload> {
  const start = head(parts);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const totalBytes = start.length + fileBytes + tail.length;
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    let bytesSent = 0;
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(totalBytes),
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = bytesSent;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        req.destroy();
        let body: StreamedUpload['body'] = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StreamedUpload['body'];
        } catch {
          // not JSON: the status says enough
        }
        resolve({ status: res.statusCode ?? 0, body, bytesSent: sentWhenAnswered, totalBytes });
      });
    });
    // The server may close the connection once it has answered: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = (bytes: Buffer): Promise<void> =>
      new Promise((done) => {
        bytesSent += bytes.length;
        if (req.write(bytes)) setImmediate(done);
        else req.once('drain', done);
      });
    void (async () => {
      await write(start);
      let left = fileBytes;
      while (left > 0 && !answered && !req.destroyed) {
        const bytes = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= bytes.length;
        await write(bytes);
      }
      if (!answered && !req.destroyed) {
        bytesSent += tail.length;
        req.end(tail);
      }
    })();
  });
}
