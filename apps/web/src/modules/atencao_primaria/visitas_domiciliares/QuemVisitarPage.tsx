// /atencao_primaria/visitas_domiciliares/quem_visitar (issue 44): the people and families of the agent's micro-areas
// due a visit, most urgent first, each with its reasons and the days since the last visit. A line opens the visit form
// with its first reason preselected. Kept on the device for work without signal (useQuemVisitar).
import { Group, Text } from '@mantine/core';
import { MOTIVOS_QUEM_VISITAR, motivoVisitaDe } from '@saude/shared/schemas/quem_visitar';
import { LinkButton } from '../../../lib/LinkButton';
import { ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { quemVisitarParamsSchema } from './quemVisitarParams';
import { BASE_PATH, useQuemVisitar, type LinhaQuemVisitar } from './api';
import { Motivos, partesParaVisitar } from './comum';

/** The visit form of the line: the person's, or the family's; with the first reason preselected. */
export const formularioDe = (l: LinhaQuemVisitar) => {
  const motivo = motivoVisitaDe(l.motivos);
  const alvo = l.municipe_id ? `${l.familia_id}/membro/${l.municipe_id}` : l.familia_id;
  return `${BASE_PATH}/${alvo}/visitar${motivo ? `?motivo=${motivo}` : ''}`;
};

const partes = partesParaVisitar<LinhaQuemVisitar>();
const columns: Column<LinhaQuemVisitar>[] = [
  recordColumn('nome', 'Quem', {
    subtitle: (l) => (
      <>
        {l.municipe_id ? `Família de ${l.responsavel_nome}` : 'A família'}
        <Text component="span" size="xs" display="block" mt={4}>
          <Motivos rotulos={l.motivos.map((m) => MOTIVOS_QUEM_VISITAR[m].rotulo)} />
        </Text>
        {partes.noCelular(l)}
      </>
    ),
  }),
  ...partes.colunas,
];

export function QuemVisitarPage() {
  const list = useList(quemVisitarParamsSchema, useQuemVisitar);
  return (
    <ListPage
      title="Quem visitar"
      ariaLabel="Pessoas e famílias para visitar"
      list={list}
      columns={columns}
      rowHref={formularioDe}
      emptyText="Ninguém com visita pendente nas suas micro-áreas. Confira o filtro de micro-área."
      action={
        <Group gap="xs">
          <LinkButton to={`${BASE_PATH}/quem_visitar/imoveis`} variant="subtle">
            Imóveis (endemias)
          </LinkButton>
          <LinkButton to={BASE_PATH} variant="subtle">
            Todas as famílias
          </LinkButton>
        </Group>
      }
      filters={<FiltroMicroArea {...list.bind('micro_area')} />}
    />
  );
}
