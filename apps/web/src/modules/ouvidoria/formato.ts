// Formats of the ombudsman's screens (spec §9): the bell's 'dd/MM/yyyy-HH:mm:ss' in São Paulo time, the deadline.
// Dates and times of day come from the kit (lib/format).

const partes = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** '25/11/2026-14:03:09'. */
export function dataHoraSino(iso: string): string {
  const p: Record<string, string> = {};
  for (const x of partes.formatToParts(new Date(iso))) p[x.type] = x.value;
  return `${p.day}/${p.month}/${p.year}-${p.hour === '24' ? '00' : p.hour}:${p.minute}:${p.second}`;
}

/** "vence em N dias", "vence hoje", "vencida há N dias"; null once answered or closed. */
export function prazoTexto(dias: number | null): string | null {
  if (dias === null) return null;
  if (dias < 0) return `vencida há ${-dias} ${-dias === 1 ? 'dia' : 'dias'}`;
  if (dias === 0) return 'vence hoje';
  return `vence em ${dias} ${dias === 1 ? 'dia' : 'dias'}`;
}
