// Pieces shared by the home-visit screens: code names, the last visit, and the refusal that replaces the form.
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { desfechoVisita, motivoVisita, tipoGlicemiaCapilar, tipoImovel, turno } from '@saude/shared/codes';
import { BackButton } from '../../../lib/detail';
import { dataBr, descricao } from '../../../lib/format';
import type { Column } from '../../../lib/list';

export const MODEL = 'Visita domiciliar';

/** A light alert's title in the text colour: yellow or red on their light background fail WCAG contrast (axe). */
export const ALERTA = { title: { color: 'var(--mantine-color-text)' } };

export const turnoNome = (id: number | null | undefined) => descricao(turno, id);
export const tipoImovelNome = (id: number | null | undefined) => descricao(tipoImovel, id);
export const desfechoNome = (id: number | null | undefined) => descricao(desfechoVisita, id);
export const momentoGlicemiaNome = (id: number | null | undefined) => descricao(tipoGlicemiaCapilar, id);
/** Reason names in the e-SUS order (the groups' order), whatever order they were saved in. */
export const motivosNomes = (ids: readonly number[]) =>
  motivoVisita.filter((m) => ids.includes(m.codigo)).map((m) => m.descricao);

/** The lists' "Micro-área" and "Última visita" columns (wide screens; a phone says them under the name). */
export const colunasDaVisita = <T extends { micro_area: string | null }>(
  ultima: (r: T) => string,
  accessor: keyof T & string,
): Column<T>[] => [
  { accessor: 'micro_area', title: 'Micro-área', from: 'sm', render: (r) => r.micro_area ?? 'Fora de área' },
  { accessor, title: 'Última visita', noWrap: true, from: 'sm', render: ultima },
];

/** Days since the last visit, in words ("Quem visitar", issue 44). */
export const semVisitaTexto = (dias: number | null) =>
  dias === null ? 'Nunca visitado' : dias === 0 ? 'Visitado hoje' : dias === 1 ? 'Há 1 dia' : `Há ${dias} dias`;

/** A line of the lists of whom to visit (the worklist, the coverage's lists): where, which micro-area, days unvisited. */
type LinhaParaVisitar = { endereco: string | null; micro_area: string | null; dias_sem_visita: number | null };

/**
 * The address, micro-area and last-visit columns of those lists (wide screens), and `noCelular`: what they say, one line
 * under the name, for a phone where the list is one column.
 */
export const partesParaVisitar = <T extends LinhaParaVisitar>() => ({
  noCelular: (l: T) => (
    <Text component="span" size="xs" display="block" hiddenFrom="sm">
      {l.endereco ?? 'Sem domicílio vinculado'} · Micro-área {l.micro_area ?? 'fora de área'} ·{' '}
      {semVisitaTexto(l.dias_sem_visita)}
    </Text>
  ),
  colunas: [
    { accessor: 'endereco', title: 'Endereço', render: (l) => l.endereco ?? '—', from: 'sm' },
    ...colunasDaVisita<T>((l) => semVisitaTexto(l.dias_sem_visita), 'dias_sem_visita'),
  ] satisfies Column<T>[],
});

/** A worklist line's reasons, the most urgent (the one the form opens with) filled. */
export function Motivos({ rotulos }: { rotulos: readonly string[] }) {
  return (
    <Group gap={4} wrap="wrap" component="span">
      {rotulos.map((r, i) => (
        <Badge key={r} size="sm" variant={i === 0 ? 'filled' : 'light'} color={i === 0 ? 'red.8' : 'gray'}>
          {r}
        </Badge>
      ))}
    </Group>
  );
}

/** The last visit of a family or member: 'dd/MM/yyyy' (São Paulo) or 'Sem visitas'. */
export const ultimaVisitaTexto = (iso: string | null | undefined) => dataBr(iso) || 'Sem visitas';

/** Why a visit cannot be launched (family moved away, not an agent), with the way back; the form never opens. */
export function Bloqueio({
  mensagem,
  voltar,
  voltarLabel = 'Voltar',
}: {
  mensagem: string;
  voltar: string;
  voltarLabel?: string;
}) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="alert" styles={ALERTA} title="Não é possível lançar a visita">
        <Text size="sm">{mensagem}</Text>
      </Alert>
      <BackButton to={voltar}>{voltarLabel}</BackButton>
    </Stack>
  );
}
