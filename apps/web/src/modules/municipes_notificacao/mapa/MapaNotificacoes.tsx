// The map of the notification list (issue 18): one marker per notification at the citizen's home, by status (colour,
// shape and letter), clustered with supercluster when dense; tiles from MAP_TILES_URL (none: a plain background),
// centred on MAPS_DEFAULT_LAT/LNG and fitted to the markers. Its own lazy chunk: Leaflet is paid for only here.
// Keyboard and screen readers: the markers are focusable buttons with a title, and the list beside is the alternative.
import { Group, Stack, Text } from '@mantine/core';
import { divIcon } from 'leaflet';
import { useMemo } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type Supercluster from 'supercluster';
import type { NotificacaoPonto, SituacaoNotificacao } from '@saude/shared/schemas/notificacao_compulsoria';
import { LoadError } from '../../../lib/feedback/LoadError';
import { iconeGrupo, MapaBase, useAgrupamento, ZOOM_MAXIMO, ZOOM_MAXIMO_AGRUPAMENTO } from '../../../lib/mapa';
import { useParametrizacao } from '../../../lib/parametrizacao';
import { useMapaNotificacoes, type FiltrosNotificacao } from '../lista/api';
import { ESTILO_SITUACAO, SITUACOES, SimboloSituacao, simboloSituacao } from '../lista/situacao';
import { DetalheNotificacao as Detalhe, doencaNome } from './DetalheNotificacao';

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

export default function MapaNotificacoes({ filtros }: { filtros: FiltrosNotificacao }) {
  const mapa = useMapaNotificacoes(filtros);
  const { parametrizacao } = useParametrizacao();
  const config = parametrizacao?.mapas;
  const pontos = mapa.data?.pontos;
  const porSituacao = useMemo(() => {
    const n: Record<SituacaoNotificacao, number> = { suspeito: 0, confirmado: 0, descartado: 0 };
    for (const p of pontos ?? []) n[p.situacao] += 1;
    return n;
  }, [pontos]);

  const resumo = mapa.data
    ? `${plural(mapa.data.pontos.length, 'notificação no mapa', 'notificações no mapa')}. ` +
      SITUACOES.map((s) => `${ESTILO_SITUACAO[s].rotulo}: ${porSituacao[s]}`).join(', ') +
      '.'
    : 'Carregando as notificações do mapa.';
  return (
    <Stack gap="xs">
      <LoadError error={mapa.error} onRetry={() => void mapa.refetch()} />
      <Group gap="md" wrap="wrap" aria-label="Legenda do mapa" role="list">
        {SITUACOES.map((s) => (
          <Group key={s} gap={6} wrap="nowrap" role="listitem">
            <SimboloSituacao situacao={s} />
            <Text size="sm">
              {ESTILO_SITUACAO[s].rotulo} ({porSituacao[s]})
            </Text>
          </Group>
        ))}
        <Group gap={6} wrap="nowrap" role="listitem">
          <span aria-hidden="true" className="mapa-notificacoes-grupo" style={{ width: 28, height: 28, fontSize: 11 }}>
            n
          </span>
          <Text size="sm">Grupo de notificações próximas (aproxime para separar)</Text>
        </Group>
      </Group>
      {mapa.data && mapa.data.sem_coordenadas > 0 && (
        <Text size="sm" c="dimmed">
          {plural(mapa.data.sem_coordenadas, 'notificação sem coordenadas', 'notificações sem coordenadas')} do
          domicílio: não aparecem no mapa, só na lista.
        </Text>
      )}
      {mapa.data?.limitado && (
        <Text size="sm" c="dimmed">
          O mapa mostra as {mapa.data.limite.toLocaleString('pt-BR')} notificações mais recentes. Use os filtros para
          ver as outras.
        </Text>
      )}
      {!config?.tiles_url && (
        <Text size="sm" c="dimmed">
          Sem mapa de fundo configurado: os marcadores aparecem sobre um fundo liso.
        </Text>
      )}
      <div role="region" aria-label={`Mapa das notificações. ${resumo}`} className="mapa-notificacoes">
        <MapaBase pontos={pontos} maxZoom={ZOOM_MAXIMO} altura="min(60vh, 480px)">
          <Marcadores pontos={pontos ?? []} />
        </MapaBase>
      </div>
      <style>{ESTILO_GRUPO}</style>
    </Stack>
  );
}

// The cluster's look: a blue disc with the count (white on blue 8: 7:1), a ring so it reads on any tile.
const ESTILO_GRUPO = `.mapa-notificacoes-grupo{display:inline-flex;align-items:center;justify-content:center;border-radius:50%;
background:#1864ab;color:#fff;font:700 13px/1 sans-serif;border:3px solid #fff;box-shadow:0 0 0 1px #212529;box-sizing:border-box}
.mapa-notificacoes .leaflet-div-icon{background:none;border:none}
.mapa-notificacoes .leaflet-marker-icon:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}`;

const iconeSituacao = (s: SituacaoNotificacao) =>
  divIcon({
    html: simboloSituacao(s, 26),
    className: '',
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    popupAnchor: [0, -12],
  });
const ICONES = Object.fromEntries(SITUACOES.map((s) => [s, iconeSituacao(s)])) as Record<
  SituacaoNotificacao,
  ReturnType<typeof divIcon>
>;

/** The markers of what is in view: clusters at this zoom (supercluster), each case alone once apart. */
function Marcadores({ pontos }: { pontos: NotificacaoPonto[] }) {
  const { indice, itens } = useAgrupamento(pontos);
  return itens.map((f) => {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const props = f.properties;
    if ('cluster' in props && props.cluster) {
      return (
        <Grupo
          key={`g${props.cluster_id}`}
          indice={indice}
          id={props.cluster_id}
          n={props.point_count}
          at={[lat, lng]}
        />
      );
    }
    const p = props as NotificacaoPonto;
    return (
      <Marker
        key={p.notificacao_id}
        position={[lat, lng]}
        icon={ICONES[p.situacao]}
        title={`${p.nome}: ${doencaNome.get(p.doenca_agravo_id) ?? p.doenca_agravo_id}, ${ESTILO_SITUACAO[p.situacao].rotulo}`}
        alt={p.nome}
      >
        <Popup>
          <Detalhe p={p} />
        </Popup>
      </Marker>
    );
  });
}

/** A cluster: a click zooms in until it splits; one that never splits (one home) lists its cases instead. */
function Grupo({
  indice,
  id,
  n,
  at,
}: {
  indice: Supercluster<NotificacaoPonto>;
  id: number;
  n: number;
  at: [number, number];
}) {
  const map = useMap();
  const zoom = indice.getClusterExpansionZoom(id);
  const mesmoLugar = zoom > ZOOM_MAXIMO_AGRUPAMENTO;
  return (
    <Marker
      position={at}
      icon={iconeGrupo(n, 'mapa-notificacoes-grupo')}
      title={`${plural(n, 'notificação', 'notificações')} ${mesmoLugar ? 'no mesmo endereço' : 'próximas: aproximar'}`}
      eventHandlers={mesmoLugar ? undefined : { click: () => map.setView(at, zoom) }}
    >
      {mesmoLugar && (
        <Popup>
          <Stack gap="sm">
            {indice.getLeaves(id, Infinity).map((f) => (
              <Detalhe key={f.properties.notificacao_id} p={f.properties} />
            ))}
          </Stack>
        </Popup>
      )}
    </Marker>
  );
}
