// /atencao_primaria/visitas_domiciliares/quem_visitar/imoveis (issue 44): the ACE's worklist, the properties of the
// agent's micro-areas due an endemic-control visit, most urgent first, each with its reasons and the days since the
// last such visit. A line opens the visit form there (the family's, or the property's) with its first reason
// preselected. Kept on the device for work without signal, like the people's list.
import { Text } from '@mantine/core';
import { MOTIVOS_IMOVEL, motivoVisitaImovelDe } from '@saude/shared/schemas/quem_visitar';
import { LinkButton } from '../../../lib/LinkButton';
import { ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { quemVisitarParamsSchema } from './quemVisitarParams';
import { BASE_PATH, useQuemVisitarImoveis, type LinhaQuemVisitarImovel } from './api';
import { colunasDaVisita, Motivos, semVisitaTexto, tipoImovelNome } from './comum';

/** The visit form of the line: the family living there, or the property alone; with the first reason preselected. */
export const formularioDoImovel = (l: LinhaQuemVisitarImovel) => {
  const motivo = motivoVisitaImovelDe(l.motivos);
  const alvo = l.familia_id ?? `imovel/${l.domicilio_id}`;
  return `${BASE_PATH}/${alvo}/visitar${motivo ? `?motivo=${motivo}` : ''}`;
};

const columns: Column<LinhaQuemVisitarImovel>[] = [
  recordColumn('endereco', 'Imóvel', {
    subtitle: (l) => (
      <>
        {tipoImovelNome(l.tipo_imovel_id)}
        {l.nome ? ` · ${l.familia_id ? `Família de ${l.nome}` : l.nome}` : ''}
        <Text component="span" size="xs" display="block" mt={4}>
          <Motivos rotulos={l.motivos.map((m) => MOTIVOS_IMOVEL[m].rotulo)} />
        </Text>
        {/* On a phone the list is one column: what the other columns say, under the address. */}
        <Text component="span" size="xs" display="block" hiddenFrom="sm">
          Micro-área {l.micro_area ?? 'fora de área'} · {semVisitaTexto(l.dias_sem_visita)}
        </Text>
      </>
    ),
  }),
  ...colunasDaVisita<LinhaQuemVisitarImovel>((l) => semVisitaTexto(l.dias_sem_visita), 'dias_sem_visita'),
];

export function QuemVisitarImoveisPage() {
  const list = useList(quemVisitarParamsSchema, useQuemVisitarImoveis);
  return (
    <ListPage
      title="Imóveis para visitar"
      ariaLabel="Imóveis para visita de controle de endemias"
      list={list}
      columns={columns}
      rowHref={formularioDoImovel}
      emptyText="Nenhum imóvel com visita de controle de endemias pendente nas suas micro-áreas."
      action={
        <LinkButton to={`${BASE_PATH}/quem_visitar`} variant="subtle">
          Pessoas e famílias
        </LinkButton>
      }
      filters={<FiltroMicroArea {...list.bind('micro_area')} />}
    />
  );
}
