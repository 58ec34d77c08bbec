import { format, resolveConfig } from 'prettier';

/** `text` formatted as `npm run lint` wants the file at `path` (generated files are committed). */
export async function formatAsCommitted(path: string, text: string): Promise<string> {
  const options = await resolveConfig(path);
  return format(text, { ...options, filepath: path });
}
