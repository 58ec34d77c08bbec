import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import type { Request } from 'express';
import { DomainError } from './domain-error';

export const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toInteger = ({ value }: { value: unknown }) =>
  /^\d{1,9}$/.test(String(value)) ? Number(value) : value;

/** A position in a newest-first list: the creation time in epoch microseconds, then the id. */
export interface KeysetCursor {
  createdAtMicros: string;
  id: string;
}

/** The opaque `cursor` query value of the next page. */
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAtMicros}.${cursor.id}`).toString('base64url');
}

/** The position an opaque `cursor` names; 400 naming `cursor` when it is not one of ours. */
export function decodeKeysetCursor(value: string): KeysetCursor {
  const [createdAtMicros, id, ...rest] = Buffer.from(value, 'base64url')
    .toString('utf8')
    .split('.');
  if (rest.length > 0 || !/^\d{1,18}$/.test(createdAtMicros) || !UUID.test(id ?? '')) {
    throw DomainError.invalid(
      'cursor',
      'cursor is not valid; take it from the Link header of a page',
    );
  }
  return { createdAtMicros, id };
}

/** The `Link` header of the next page: this request's URL with the next cursor, rel="next". */
export function nextPageLink(request: Request, cursor: string): string {
  const url = new URL(request.originalUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** `limit` and `cursor` of a keyset-paged list (newest first, next page in the Link header). */
export class KeysetPageQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_PAGE_SIZE,
  })
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'Opaque; from the Link rel="next" header of the previous page',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;
}
