// /atencao_primaria/cobertura/territorio (issue 44): the homes of the user's territory on a map by days since the last
// visit, filtered by team, micro-area and priority group; the notified cases on top for who may see them. The list
// of the same families is the accessible alternative.
import { Group, Stack, Switch, Text } from '@mantine/core';
import { useDocumentTitle, useElementSize } from '@mantine/hooks';
import { IconList } from '@tabler/icons-react';
import { GRUPOS_PRIORITARIOS, ROTULO_GRUPO, type TerritorioMapaFilters } from '@saude/shared/schemas/cobertura';
import type { LatLngBoundsLiteral, Map as MapaLeaflet } from 'leaflet';
import { lazy, Suspense, useCallback, useState } from 'react';
import { usePode } from '../../../lib/access';
import { LoadError } from '../../../lib/feedback/LoadError';
import { touchInputStyles } from '../../../lib/form/touch';
import { LinkButton } from '../../../lib/LinkButton';
import { FilterSelect } from '../../../lib/list/FilterSelect';
import { listParamsSchema, param, useListParams } from '../../../lib/list/listParams';
import { PageHeading } from '../../../lib/PageHeading';
import { FiltroMicroArea } from '../comum/FiltroMicroArea';
import { FiltroEquipe } from './FiltroEquipe';
import { alturaDoMapa, BASE_PATH, useCasosNotificados, useMapaTerritorio, type VistaPedida } from './api';
import { FAIXAS, ROTULO_FAIXA, SIMBOLO_CASO, SimboloFaixa } from './faixas';

// Leaflet and the clustering: only this page pays for them.
const MapaTerritorio = lazy(() => import('./MapaTerritorio'));
type VistaMapa = Parameters<React.ComponentProps<typeof MapaTerritorio>['onVista']>[0];
const limitesLatLng = ([sul, oeste, norte, leste]: readonly number[]): LatLngBoundsLiteral => [
  [sul!, oeste!],
  [norte!, leste!],
];

const TITULO = 'Mapa do território';
const paramsSchema = listParamsSchema.extend({
  equipe_id: param.uuid(),
  micro_area: param.match(/^\d{2}$/),
  grupo: param.oneOf(GRUPOS_PRIORITARIOS),
});
const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

export function TerritorioPage() {
  useDocumentTitle(TITULO);
  const list = useListParams(paramsSchema);
  const { equipe_id, micro_area, grupo } = list.params;
  const filtros: Partial<TerritorioMapaFilters> = { equipe_id, micro_area, grupo };
  // The first answer fits every home in the map's size (measured before the map's code arrives); then each view the
  // map moves to, until the filters change.
  const { ref: medida, width } = useElementSize();
  const chaveFiltros = JSON.stringify(filtros);
  const [movida, setMovida] = useState<{ filtros: string; vista: VistaMapa } | null>(null);
  const vista: VistaPedida | undefined =
    movida?.filtros === chaveFiltros
      ? movida.vista
      : width > 0
        ? { largura: Math.round(width), altura: alturaDoMapa() }
        : undefined;
  const mapa = useMapaTerritorio(filtros, vista);
  const dados = mapa.data;
  const fitado = vista !== undefined && 'largura' in vista && !mapa.isPlaceholderData;
  const aoMover = useCallback(
    (v: VistaMapa, map: MapaLeaflet) => {
      // Before the first answer the map shows no homes (its first view is the town's centre): nothing to follow yet.
      if (!dados) return;
      // The fitted answer (every home at this zoom) already covers the view: nothing to ask.
      const cobre = !dados.limites || map.getBounds().contains(limitesLatLng(dados.limites));
      if (fitado && dados.zoom === v.zoom && cobre) return;
      setMovida({ filtros: chaveFiltros, vista: v });
    },
    [dados, fitado, chaveFiltros],
  );
  const podeCasos = usePode('municipes_notificacao:index');
  const [comCasos, setComCasos] = useState(false);
  const casos = useCasosNotificados(podeCasos && comCasos);
  const porFaixa = dados?.por_faixa;
  const resumo = dados
    ? `${plural(dados.total, 'domicílio no mapa', 'domicílios no mapa')}. ` +
      FAIXAS.map((f) => `${ROTULO_FAIXA[f]}: ${dados.por_faixa[f]}`).join(', ') +
      '.'
    : 'Carregando os domicílios.';
  // The plain list of the same families (a group: its people).
  const q = new URLSearchParams({ indicador: grupo ? 'grupo' : 'familias' });
  for (const [k, v] of Object.entries({ equipe_id, micro_area, grupo })) if (v) q.set(k, v);

  return (
    <Stack gap="md">
      <PageHeading
        title={TITULO}
        actions={
          <LinkButton to={`${BASE_PATH}/lista?${q.toString()}`} variant="default" icon={IconList}>
            Ver como lista
          </LinkButton>
        }
      />
      <Group gap="md" align="flex-end" wrap="wrap">
        <FiltroEquipe {...list.bind('equipe_id')} />
        <FiltroMicroArea {...list.bind('micro_area')} />
        <FilterSelect
          label="Grupo prioritário"
          w={280}
          clearable
          data={GRUPOS_PRIORITARIOS.map((g) => ({ value: g, label: ROTULO_GRUPO[g] }))}
          styles={touchInputStyles}
          value={grupo ?? null}
          onChange={(v) => list.setFilters({ grupo: v ?? undefined })}
        />
        {podeCasos && (
          <Switch
            label="Mostrar casos notificados"
            checked={comCasos}
            onChange={(e) => setComCasos(e.currentTarget.checked)}
            size="md"
            mb={8}
          />
        )}
      </Group>
      <LoadError error={mapa.error} onRetry={() => void mapa.refetch()} />
      <LoadError error={casos.error} onRetry={() => void casos.refetch()} />
      <Group gap="md" wrap="wrap" aria-label="Legenda do mapa" role="list">
        {FAIXAS.map((f) => (
          <Group key={f} gap={6} wrap="nowrap" role="listitem">
            <SimboloFaixa faixa={f} />
            <Text size="sm">
              {ROTULO_FAIXA[f]} ({(porFaixa?.[f] ?? 0).toLocaleString('pt-BR')})
            </Text>
          </Group>
        ))}
        <Group gap={6} wrap="nowrap" role="listitem">
          <span
            aria-hidden="true"
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 26,
              height: 26,
              borderRadius: '50%',
              background: '#1864ab',
              color: '#fff',
              font: '700 11px/1 sans-serif',
            }}
          >
            n
          </span>
          <Text size="sm">Grupo de domicílios próximos (aproxime para separar)</Text>
        </Group>
        {comCasos && (
          <Group gap={6} wrap="nowrap" role="listitem">
            <span
              aria-hidden="true"
              style={{ display: 'inline-flex' }}
              dangerouslySetInnerHTML={{ __html: SIMBOLO_CASO }}
            />
            <Text size="sm">
              Caso notificado{casos.data ? ` (${casos.data.pontos.length.toLocaleString('pt-BR')})` : ''}
            </Text>
          </Group>
        )}
      </Group>
      {dados && dados.sem_coordenadas > 0 && (
        <Text size="sm">
          {plural(dados.sem_coordenadas, 'família sem coordenadas', 'famílias sem coordenadas')} do domicílio: não
          aparecem no mapa, só na lista.
        </Text>
      )}
      <div ref={medida}>
        <Suspense fallback={<Text>Carregando o mapa…</Text>}>
          <MapaTerritorio
            mapa={dados}
            casos={comCasos ? casos.data?.pontos : undefined}
            resumo={resumo}
            atualizando={mapa.isFetching}
            onVista={aoMover}
          />
        </Suspense>
      </div>
    </Stack>
  );
}
