export function dumpDoRelease(): string;
export function migracoesDepoisDoRelease(dump?: string): string[];
