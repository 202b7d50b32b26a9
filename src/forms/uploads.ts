import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '../platform/http/multipart.ts';
import { extensionOf } from './rules/field-rules.ts';

/**
 * Uploaded files: their type read from their content (never from the name or the browser's claim)
 * and kept outside the web root under random names (DATA_DIR/form-uploads, never served).
 */
export const UPLOADS_FOLDER = 'form-uploads';

/** Loaded with the first upload: a start does without its thirty-odd modules. */
const loadFileType = () => import('file-type');

/** Extensions that name one kind of content. */
const SAME_KIND: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tif: 'tiff', htm: 'html' };
/** Plain-text kinds have no magic bytes: their content must be text. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md', 'log']);

const kindOf = (extension: string) => SAME_KIND[extension] ?? extension;

/** The MIME type the file's content shows, when it matches its extension; undefined otherwise. */
export async function contentTypeOf(
  file: Pick<UploadedFile, 'name' | 'bytes'>,
): Promise<string | undefined> {
  const extension = extensionOf(file.name);
  const { fileTypeFromBuffer } = await loadFileType();
  const detected = await fileTypeFromBuffer(file.bytes).catch(() => undefined);
  if (detected) return kindOf(detected.ext) === kindOf(extension) ? detected.mime : undefined;
  if (!TEXT_EXTENSIONS.has(extension) || file.bytes.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    return undefined;
  }
  return 'text/plain';
}

export interface StoredFile {
  storedName: string;
  path: string;
}

/** Writes a file under a new random name in the uploads folder. */
export async function storeUpload(dataDir: string, file: UploadedFile): Promise<StoredFile> {
  const folder = path.join(dataDir, UPLOADS_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const extension = kindOf(extensionOf(file.name)).replace(/[^a-z0-9]/g, '');
  const storedName = `${randomUUID()}${extension ? `.${extension}` : ''}`;
  const target = path.join(folder, storedName);
  await writeFile(target, file.bytes, { flag: 'wx', mode: 0o600 });
  return { storedName, path: target };
}

/** Removes files written for a submission that was not stored after all. */
export async function removeUploads(files: readonly StoredFile[]): Promise<void> {
  await Promise.all(files.map((file) => unlink(file.path).catch(() => undefined)));
}
