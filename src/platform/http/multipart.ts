import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';

/**
 * Multipart bodies (forms with uploads), read with caps before any handler runs: the text fields
 * become `request.body` (a repeated name becomes a list, as url-encoded forms do), the files are
 * kept aside in memory (`uploadedFiles`). Past a cap the request is a 413, a body that is not
 * multipart after all a 400; nothing reaches a handler.
 */
export interface MultipartLimits {
  /** Bytes of the whole body: fields and files together. */
  totalBytes: number;
  fileBytes: number;
  files: number;
  fields: number;
  fieldBytes: number;
}

export interface UploadedFile {
  /** The input's name. */
  field: string;
  /** The file's name as the browser gave it. */
  name: string;
  /** The type the browser claimed (never trusted: read the content). */
  type: string;
  size: number;
  bytes: Buffer;
}

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();

/** The files a multipart request carried (none for other requests). */
export function uploadedFiles(request: FastifyRequest): UploadedFile[] {
  return uploads.get(request) ?? [];
}

export async function registerMultipartBodies(
  app: FastifyInstance,
  limits: MultipartLimits,
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fieldNameSize: 200,
      fieldSize: limits.fieldBytes,
      fields: limits.fields,
      fileSize: limits.fileBytes,
      files: limits.files,
      parts: limits.fields + limits.files,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body: Record<string, string | string[]> = Object.create(null);
    const files: UploadedFile[] = [];
    let total = 0;
    const count = (bytes: number) => {
      total += bytes;
      if (total > limits.totalBytes) throw tooLarge();
    };
    try {
      for await (const part of request.parts()) {
        count(Buffer.byteLength(part.fieldname));
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          count(bytes.length);
          // A file input left empty still sends a part, with no name and no bytes.
          if (part.filename === '' && bytes.length === 0) continue;
          files.push({
            field: part.fieldname,
            name: part.filename,
            type: part.mimetype,
            size: bytes.length,
            bytes,
          });
          continue;
        }
        if (typeof part.value !== 'string' || part.valueTruncated) throw badRequest();
        count(Buffer.byteLength(part.value));
        const known = body[part.fieldname];
        body[part.fieldname] = known === undefined ? part.value : [...[known].flat(), part.value];
      }
    } catch (error) {
      throw error instanceof ShopError ? error : refusalOf(error);
    }
    request.body = body;
    uploads.set(request, files);
  });
}

function tooLarge(): ShopError {
  return new ShopError('body_too_large', messages.bodyTooLarge, 413);
}

function badRequest(): ShopError {
  return new ShopError('invalid_request', messages.badRequest, 400);
}

/** A cap passed is a 413; anything else the parser met (a broken body) is the sender's 400. */
function refusalOf(error: unknown): ShopError {
  const status = (error as { statusCode?: number }).statusCode;
  return status === 413 ? tooLarge() : badRequest();
}
