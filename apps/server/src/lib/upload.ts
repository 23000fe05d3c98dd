import { PORTING_DOCUMENT_MAX_BYTES, PORTING_DOCUMENT_TYPES } from '@portal/contract/numbers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, invalid } from './errors.ts';

/**
 * Uploaded files (porting documents, ticket attachments), one way: the file is the raw request
 * body with its own Content-Type; PDF, PNG or JPEG of at most 10 MB, its first bytes agreeing
 * with the declared type. The file name travels in the query string, checked by the contract
 * (no slashes, no control or text-direction characters).
 */
export const UPLOAD_TYPES = PORTING_DOCUMENT_TYPES;
export const UPLOAD_MAX_BYTES = PORTING_DOCUMENT_MAX_BYTES;
/** The request may carry a little more than the file (the parser's limit), never more than that. */
export const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 1024 * 1024;

/**
 * Lets a route module take files as the raw body: the upload types as buffers up to the upload
 * limit, any other type as a buffer of at most 1 MB (so the service answers "Only PDF, PNG or
 * JPEG files can be uploaded" rather than a 415). Only the module's own routes see these parsers.
 */
export function acceptUploads(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  for (const type of UPLOAD_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_req, body, done) => done(null, body));
  }
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
}

/** PDF, PNG and JPEG, recognised by their first bytes (the declared type must agree). */
export function sniffUpload(content: Buffer): string | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  return null;
}

export const fileTooLarge = () =>
  new AppError(413, 'VALIDATION_FAILED', 'The file is larger than 10 MB', { file: 'The file is larger than 10 MB' });

/**
 * Before the body is read: a body without a Content-Length (chunked) or larger than a file may be
 * is refused without reading it. Answers the declared size.
 */
export function admitUpload(contentLength: string | undefined): number {
  if (contentLength === undefined || !/^\d+$/.test(contentLength))
    throw new AppError(411, 'BAD_REQUEST', 'Send the file with a Content-Length header');
  const bytes = Number(contentLength);
  if (bytes > UPLOAD_MAX_BYTES) throw fileTooLarge();
  return bytes;
}

/** The checked file: an allowed declared type, not empty, within the limit, its first bytes of that type. */
export function checkedUpload(body: unknown, contentType: string | undefined): { content: Buffer; contentType: string } {
  const declared = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(UPLOAD_TYPES as readonly string[]).includes(declared) || !Buffer.isBuffer(body)) {
    throw invalid({ file: 'Only PDF, PNG or JPEG files can be uploaded' });
  }
  if (body.length === 0) throw invalid({ file: 'The file is empty' });
  if (body.length > UPLOAD_MAX_BYTES) throw fileTooLarge();
  if (sniffUpload(body) !== declared) throw invalid({ file: 'The file is not a valid PDF, PNG or JPEG' });
  return { content: body, contentType: declared };
}

/** A download's answer in the route table: the stored file, with its own content type. */
export const ZStoredFile = z.unknown().describe('The stored file, with its own content type');

/**
 * Sends a stored file as a download: its stored type, `attachment` with its name (an ASCII
 * fallback and the UTF-8 name), and nosniff so a browser never reads it as anything else.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; sizeBytes: number; content: Buffer | Uint8Array },
) {
  const ascii = file.fileName.replace(/[^\w. -]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.sizeBytes)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.content);
}
