// Test helper: a schema's refusals as the API answers them (field path → messages, 'base' for the whole record).
type Parsable = {
  safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
};

export function errors(schema: Parsable, value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of schema.safeParse(value).error?.issues ?? []) (out[i.path.join('.') || 'base'] ??= []).push(i.message);
  return out;
}
