/** Why an archive is refused: its structure is broken or lies (`corrupt`), or it is over a size budget (`too-large`). */
export type ArchiveErrorKind = 'corrupt' | 'too-large';

/** A refused archive. Thrown by the archive readers in this folder; callers map the kind to their own error code. */
export class ArchiveError extends Error {
  constructor(
    readonly kind: ArchiveErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/**
 * Also true for the plain errors of the self-contained functions (serialised into child processes, where this class
 * does not exist): they carry the same name and kind.
 */
export const isArchiveError = (error: unknown): error is ArchiveError =>
  error instanceof Error && error.name === 'ArchiveError' && ((error as ArchiveError).kind === 'corrupt' || (error as ArchiveError).kind === 'too-large');
