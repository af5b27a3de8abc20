import { badRequest } from './errors';

/**
 * A field a multipart body must send before any file, and the check (who may act on what it
 * names) to make as soon as it has arrived: a stranger hears 403 before the server reads the
 * files, however large. The check may throw (an HttpError); it runs once.
 */
export interface MultipartGate {
  field: string;
  check: (value: string) => Promise<void>;
}

/** 400 when a file part comes before the gate's field. */
export const fieldBeforeFilesMessage = (field: string): string =>
  `Send ${field} before any file: it names what the upload is for, and is checked first.`;

const CRLF_CRLF = Buffer.from('\r\n\r\n');
/** Room for the text fields a form may send before the gate's field (a story is at most 80 KB). */
const MAX_BYTES_BEFORE_GATE = 1024 * 1024;

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

const dispositionParam = (headers: string, name: string): string | null => {
  const line = headers.split('\r\n').find((h) => /^content-disposition\s*:/i.test(h)) ?? '';
  const match = new RegExp(`;\\s*${name}\\*?\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(line);
  return match ? (match[1] ?? match[2] ?? '') : null;
};

/**
 * Watches a multipart body as it streams in (`feed` each chunk) until the gate's field has been
 * read and checked. Parts before it may be text fields; a file part before it is a 400.
 */
export class MultipartGateScanner {
  private buffer = Buffer.alloc(0);
  private offset = 0;
  private passed = false;
  private readonly delimiter: Buffer;
  private readonly nextPart: Buffer;

  constructor(
    boundary: string,
    private readonly gate: MultipartGate,
  ) {
    this.delimiter = Buffer.from(`--${boundary}`);
    this.nextPart = Buffer.from(`\r\n--${boundary}`);
  }

  /** Whether the gate's field has been checked (nothing more to watch). */
  get done(): boolean {
    return this.passed;
  }

  /** Takes the next chunk; throws the check's error, or 400 for a file before the field. */
  async feed(chunk: Uint8Array): Promise<void> {
    if (this.passed) return;
    this.buffer = Buffer.concat([this.buffer, chunk]);
    // Text fields may come first, but not a body's worth of them.
    if (this.buffer.length > MAX_BYTES_BEFORE_GATE)
      throw badRequest(fieldBeforeFilesMessage(this.gate.field));
    for (;;) {
      if (this.offset === 0) {
        const start = this.buffer.indexOf(this.delimiter);
        if (start < 0) return;
        this.offset = start + this.delimiter.length;
      }
      // After a delimiter: `--` ends the body, else CRLF and the part's headers.
      if (this.buffer.length < this.offset + 2) return;
      if (this.buffer.subarray(this.offset, this.offset + 2).toString() === '--') return;
      const headersEnd = this.buffer.indexOf(CRLF_CRLF, this.offset);
      if (headersEnd < 0) return;
      const headers = this.buffer.subarray(this.offset, headersEnd).toString('utf8');
      if (dispositionParam(headers, 'filename') !== null)
        throw badRequest(fieldBeforeFilesMessage(this.gate.field));
      const bodyStart = headersEnd + CRLF_CRLF.length;
      const bodyEnd = this.buffer.indexOf(this.nextPart, bodyStart);
      if (bodyEnd < 0) return;
      if (dispositionParam(headers, 'name') === this.gate.field) {
        const value = this.buffer.toString('utf8', bodyStart, bodyEnd);
        this.passed = true;
        this.buffer = Buffer.alloc(0);
        await this.gate.check(value);
        return;
      }
      this.offset = bodyEnd + this.nextPart.length;
    }
  }
}
