// The map of the notification list (issue 18): one marker per notification at the citizen's home, by status (colour,
// shape and letter), clustered with supercluster when dense; tiles from MAP_TILES_URL (none: a plain background),
// centred on MAPS_DEFAULT_LAT/LNG and fitted to the markers. Its own lazy chunk: Leaflet is paid for only here.
// Keyboard and screen readers: the markers are focusable buttons with a title, and the list beside is the alternative.
import 'leaflet/dist/leaflet.css';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { divIcon, latLngBounds, type LatLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import Supercluster from 'supercluster';
import { doencaNotificacaoCompulsoria } from '@saude/shared/codes/doenca_notificacao_compulsoria';
import { isoToBr } from '@saude/shared';
import type { NotificacaoPonto, SituacaoNotificacao } from '@saude/shared/schemas/notificacao_compulsoria';
import { LoadError } from '../../../lib/feedback/LoadError';
import { useParametrizacao } from '../../../lib/parametrizacao';
import { BASE_PATH, useMapaNotificacoes, type FiltrosNotificacao } from '../lista/api';
import { ESTILO_SITUACAO, SITUACOES, SimboloSituacao, simboloSituacao } from '../lista/situacao';

/** Past this zoom the clusters left are notifications at one home: a click lists them instead of zooming. */
const ZOOM_MAXIMO_AGRUPAMENTO = 17;
const ZOOM_MAXIMO = ZOOM_MAXIMO_AGRUPAMENTO + 1;
/** Brasília, until the parametrização arrives (it is fetched at start, so almost never seen). */
const CENTRO_PADRAO: [number, number] = [-15.7801, -47.9292];

const doencaNome = new Map(doencaNotificacaoCompulsoria.map((d) => [d.codigo, d.descricao]));
const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

type Ponto = GeoJSON.Feature<GeoJSON.Point, NotificacaoPonto>;

/** Who drew the tiles (their licence asks to say so): OpenStreetMap by name, any other server by its host. */
export function atribuicao(tilesUrl: string): string {
  const host = hostDe(tilesUrl);
  if (!host) return '';
  return /openstreetmap/i.test(host)
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">colaboradores do OpenStreetMap</a>'
    : `Mapa: ${host}`;
}
function hostDe(tilesUrl: string): string | null {
  try {
    return new URL(tilesUrl.replace(/[{}]/g, '')).host;
  } catch {
    return null;
  }
}

export default function MapaNotificacoes({ filtros }: { filtros: FiltrosNotificacao }) {
  const mapa = useMapaNotificacoes(filtros);
  const { parametrizacao } = useParametrizacao();
  const config = parametrizacao?.mapas;
  const centro: [number, number] = config ? [config.latitude, config.longitude] : CENTRO_PADRAO;
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
        <MapContainer
          center={centro}
          zoom={12}
          maxZoom={ZOOM_MAXIMO}
          zoomControl={false}
          style={{ height: 'min(60vh, 480px)', minHeight: 320, background: '#f1f3f5' }}
        >
          <ZoomControl position="topleft" zoomInTitle="Aproximar" zoomOutTitle="Afastar" />
          {config?.tiles_url && (
            <TileLayer url={config.tiles_url} attribution={atribuicao(config.tiles_url)} maxZoom={ZOOM_MAXIMO} />
          )}
          <Enquadrar pontos={pontos} centro={centro} />
          <Marcadores pontos={pontos ?? []} />
        </MapContainer>
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

/** Fits the map to the markers each time the answer changes (the filters changed); no markers: the centre. */
function Enquadrar({ pontos, centro }: { pontos: NotificacaoPonto[] | undefined; centro: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    if (!pontos) return;
    if (pontos.length === 0) map.setView(centro, 12, { animate: false });
    else
      map.fitBounds(latLngBounds(pontos.map((p) => [p.latitude, p.longitude])), {
        padding: [32, 32],
        maxZoom: 16,
        animate: false,
      });
    // The centre is read when the points change, not a reason to move the map by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pontos, map]);
  return null;
}

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
function iconeGrupo(n: number) {
  const lado = n < 10 ? 32 : n < 100 ? 38 : 46;
  return divIcon({
    html: `<span class="mapa-notificacoes-grupo" style="width:${lado}px;height:${lado}px">${n.toLocaleString('pt-BR')}</span>`,
    className: '',
    iconSize: [lado, lado],
    iconAnchor: [lado / 2, lado / 2],
  });
}

/** The markers of what is in view: clusters at this zoom (supercluster), each case alone once apart. */
function Marcadores({ pontos }: { pontos: NotificacaoPonto[] }) {
  const map = useMap();
  const [vista, setVista] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  // Subscribed once (not useMapEvents, which resubscribes on every render and so misses the move Enquadrar makes in
  // the same commit).
  useEffect(() => {
    const mover = () => setVista({ bounds: map.getBounds(), zoom: map.getZoom() });
    map.on('moveend', mover);
    return () => {
      map.off('moveend', mover);
    };
  }, [map]);
  const indice = useMemo(() => {
    const s = new Supercluster<NotificacaoPonto>({ radius: 56, maxZoom: ZOOM_MAXIMO_AGRUPAMENTO });
    s.load(
      pontos.map((p): Ponto => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
        properties: p,
      })),
    );
    return s;
  }, [pontos]);
  const itens = indice.getClusters(caixa(vista.bounds.pad(0.25)), Math.round(vista.zoom));
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

const caixa = (b: LatLngBounds): [number, number, number, number] => [
  Math.max(-180, b.getWest()),
  Math.max(-85, b.getSouth()),
  Math.min(180, b.getEast()),
  Math.min(85, b.getNorth()),
];

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
      icon={iconeGrupo(n)}
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

function Detalhe({ p }: { p: NotificacaoPonto }) {
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {p.nome}
      </Text>
      <Text size="sm">{doencaNome.get(p.doenca_agravo_id) ?? p.doenca_agravo_id}</Text>
      <Group gap={6} wrap="nowrap">
        <SimboloSituacao situacao={p.situacao} tamanho={20} />
        <Text size="sm">
          {ESTILO_SITUACAO[p.situacao].rotulo} · {isoToBr(p.data_notificacao)}
        </Text>
      </Group>
      <Anchor component={Link} to={`${BASE_PATH}/${p.municipe_id}/detalhes`} size="sm">
        Ver notificações de {p.nome}
      </Anchor>
    </Stack>
  );
}
