// /atencao_primaria/cobertura/lista (issue 44): the people or families behind one number of the coverage table (and
// the map's plain alternative: a micro-area's families). A line opens the family's visit page.
import {
  GRUPOS_PRIORITARIOS,
  INDICADORES_COBERTURA,
  ROTULO_GRUPO,
  type CoberturaListaFilters,
  type IndicadorCobertura,
} from '@saude/shared/schemas/cobertura';
import { LinkButton } from '../../../lib/LinkButton';
import { ListPage, recordColumn, useList, type Column } from '../../../lib/list';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import { partesParaVisitar } from '../visitas_domiciliares/comum';
import { BASE_PATH, useCoberturaLista, type LinhaLista } from './api';

const paramsSchema = listParamsSchema.extend({
  equipe_id: param.uuid(),
  micro_area: param.match(/^(\d{2}|sem)$/),
  indicador: param.oneOf(INDICADORES_COBERTURA, 'pessoas'),
  grupo: param.oneOf(GRUPOS_PRIORITARIOS),
});

const TITULOS: Record<IndicadorCobertura, string> = {
  pessoas: 'Pessoas cadastradas',
  familias: 'Famílias cadastradas',
  familias_visitadas_30: 'Famílias visitadas nos últimos 30 dias',
  familias_visitadas_90: 'Famílias visitadas nos últimos 90 dias',
  familias_sem_coordenadas: 'Famílias sem coordenadas do domicílio',
  cadastros_individuais_desatualizados: 'Cadastros individuais com mais de 2 anos',
  cadastros_domiciliares_desatualizados: 'Cadastros domiciliares com mais de 2 anos',
  grupo: 'Grupo prioritário',
  grupo_em_dia: 'Grupo prioritário com visita em dia',
};

export const tituloDaLista = (indicador: IndicadorCobertura, grupo?: string) => {
  const g = grupo && grupo in ROTULO_GRUPO ? ROTULO_GRUPO[grupo as keyof typeof ROTULO_GRUPO] : undefined;
  if (indicador === 'grupo') return g ?? TITULOS.grupo;
  if (indicador === 'grupo_em_dia') return g ? `${g} com visita em dia` : TITULOS.grupo_em_dia;
  return TITULOS[indicador];
};

const partes = partesParaVisitar<LinhaLista>();
const columns: Column<LinhaLista>[] = [
  recordColumn('nome', 'Nome', {
    subtitle: (l) => (
      <>
        {l.municipe_id ? 'Pessoa' : 'Família (responsável)'}
        {partes.noCelular(l)}
      </>
    ),
  }),
  ...partes.colunas,
];

export function CoberturaListaPage() {
  const list = useList(paramsSchema, useCoberturaLista, (p): Partial<CoberturaListaFilters> => p);
  const { indicador, grupo, micro_area } = list.params;
  const onde = micro_area === 'sem' ? ' · sem micro-área' : micro_area ? ` · micro-área ${micro_area}` : '';
  return (
    <ListPage
      title={`${tituloDaLista(indicador, grupo)}${onde}`}
      ariaLabel={tituloDaLista(indicador, grupo)}
      list={list}
      columns={columns}
      rowHref={(l) => `/atencao_primaria/visitas_domiciliares/${l.familia_id}/detalhes`}
      emptyText="Ninguém nesta contagem."
      action={
        <LinkButton to={BASE_PATH} variant="subtle">
          Voltar à cobertura
        </LinkButton>
      }
    />
  );
}
