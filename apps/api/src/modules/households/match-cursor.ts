import { DomainError } from '@app/http';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/;

export interface MatchPosition {
  createdAt: Date;
  id: string;
}

/** The opaque keyset cursor of the household-match list: where the next page starts. */
export function encodeMatchCursor(position: MatchPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`).toString('base64url');
}

export function decodeMatchCursor(cursor: string): MatchPosition {
  const parts = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!parts || Number.isNaN(Date.parse(parts[1]))) {
    throw DomainError.invalid('cursor', 'cursor is not one this API returned');
  }
  return { createdAt: new Date(parts[1]), id: parts[2] };
}
