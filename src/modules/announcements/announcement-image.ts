import { baseMimetype } from '../../infra/storage/media-types.js';
import { ANNOUNCEMENT_IMAGE_EXTENSIONS, ANNOUNCEMENT_IMAGE_TYPES } from '../../shared/announcement-api-types.js';

type ImageType = (typeof ANNOUNCEMENT_IMAGE_TYPES)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes themselves show (their signature), whatever the sender called them. */
export function sniffImageType(head: Buffer): ImageType | null {
  if (head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (head.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

const extensionOf = (name: string): string => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/**
 * png, jpg or jpeg only (campaigns §5): the name's extension, the declared type and the content must all agree, so a
 * renamed file or a mislabelled upload is refused.
 */
export function isAcceptedImage(file: { originalName: string; mimetype: string }, head: Buffer): boolean {
  const extension = extensionOf(file.originalName);
  if (!(ANNOUNCEMENT_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return false;
  const declared = baseMimetype(file.mimetype);
  const actual = sniffImageType(head);
  if (!actual || declared !== actual) return false;
  return (extension === 'png') === (actual === 'image/png');
}
