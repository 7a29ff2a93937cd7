// The territory's homes on a map (issue 44): one marker per family's home with coordinates, by days since the last
// visit (colour, shape and letter), clustered with supercluster when zoomed out (the library the notifications map
// already ships); a view with more homes than the server sends one by one shows the server's groups instead (each move
// asks for the new view: `onVista`); the notified cases on top when asked. Tiles from the municipality's setting (`mapas`; none: a plain
// background). Its own lazy chunk: Leaflet is paid for only here. The list is the accessible alternative.
import 'leaflet/dist/leaflet.css';
import { Anchor, Stack, Text } from '@mantine/core';
import { ENQUADRAR, faixaVisita, type FaixaVisita, type TerritorioPonto } from '@saude/shared/schemas/cobertura';
import type { NotificacaoPonto } from '@saude/shared/schemas/notificacao_compulsoria';
import { divIcon, type Map as MapaLeaflet } from 'leaflet';
import { useEffect, useRef } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import {
  caixa,
  iconeGrupo,
  MapaBase,
  useAgrupamento,
  useVista,
  ZOOM_MAXIMO,
  ZOOM_MAXIMO_AGRUPAMENTO,
} from '../../../lib/mapa';
import { ALTURA_MAPA, type MapaDaVista } from './api';
import { ESTILO_FAIXA, FAIXAS, ROTULO_FAIXA, SIMBOLO_CASO, simboloFaixa } from './faixas';

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;
const semVisita = (dias: number | null) =>
  dias === null ? 'nunca visitado' : dias === 0 ? 'visitado hoje' : `${plural(dias, 'dia', 'dias')} sem visita`;

/** The view the map shows: its zoom and bounds (`oeste,sul,leste,norte`), for the server's answer. */
export type VistaMapa = { zoom: number; caixa: string };

export default function MapaTerritorio({
  mapa,
  casos,
  resumo,
  onVista,
}: {
  mapa: MapaDaVista | undefined;
  casos: NotificacaoPonto[] | undefined;
  resumo: string;
  onVista: (v: VistaMapa, map: MapaLeaflet) => void;
}) {
  return (
    <div role="region" aria-label={`Mapa do território. ${resumo}`} className="mapa-territorio">
      <MapaBase pontos={undefined} maxZoom={ZOOM_MAXIMO} altura={ALTURA_MAPA}>
        <EnquadrarLimites limites={mapa?.limites} />
        <AoMover onVista={onVista} />
        <Domicilios mapa={mapa} />
        {casos?.map((c) => (
          <Marker
            key={c.notificacao_id}
            position={[c.latitude, c.longitude]}
            icon={ICONE_CASO}
            zIndexOffset={1000}
            title={`Caso notificado (${c.situacao})`}
            alt="Caso notificado"
          />
        ))}
      </MapaBase>
      <style>{ESTILO}</style>
    </div>
  );
}

/** Fits the map to every matching home when they change (the filters did), not when only the view's answer does. */
function EnquadrarLimites({ limites }: { limites: MapaDaVista['limites'] | undefined }) {
  const map = useMap();
  const chave = limites?.join(',');
  useEffect(() => {
    if (!limites) return;
    const [sul, oeste, norte, leste] = limites;
    map.fitBounds(
      [
        [sul, oeste],
        [norte, leste],
      ],
      { padding: [ENQUADRAR.margem, ENQUADRAR.margem], maxZoom: ENQUADRAR.zoomMaximo, animate: false },
    );
    // The bounds by value: a new answer for another view with the same homes does not move the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chave, map]);
  return null;
}

/** Tells the page the view after each move (read from the map itself: the latest, whatever the render saw). */
function AoMover({ onVista }: { onVista: (v: VistaMapa, map: MapaLeaflet) => void }) {
  const { map, vista } = useVista();
  const aviso = useRef(onVista);
  aviso.current = onVista;
  useEffect(() => {
    const c = caixa(map.getBounds());
    aviso.current({ zoom: Math.round(map.getZoom()), caixa: c.map((n) => n.toFixed(6)).join(',') }, map);
  }, [vista, map]);
  return null;
}

const ESTILO = `.mapa-territorio-grupo{display:inline-flex;align-items:center;justify-content:center;border-radius:50%;
background:#1864ab;color:#fff;font:700 13px/1 sans-serif;border:3px solid #fff;box-shadow:0 0 0 1px #212529;box-sizing:border-box}
.mapa-territorio .leaflet-div-icon{background:none;border:none}
.mapa-territorio .leaflet-marker-icon:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}`;

/**
 * A notified case: a purple pin with "!", above the homes, drawn up and to the right of its point like a badge: centred
 * on it, it covered the number of the homes' group at the same place (the cases are at homes).
 */
const ICONE_CASO = divIcon({
  html: SIMBOLO_CASO,
  className: '',
  iconSize: [18, 18],
  iconAnchor: [-4, 22],
});

const ICONES = Object.fromEntries(
  FAIXAS.map((f) => [
    f,
    divIcon({
      html: simboloFaixa(f, 24),
      className: '',
      iconSize: [24, 24],
      iconAnchor: [12, 12],
      popupAnchor: [0, -12],
    }),
  ]),
) as Record<FaixaVisita, ReturnType<typeof divIcon>>;

function Domicilios({ mapa }: { mapa: MapaDaVista | undefined }) {
  const pontos = mapa?.pontos ?? SEM_PONTOS;
  const grupos = mapa?.grupos ?? [];
  const { map, indice, itens } = useAgrupamento(pontos);
  const desenhados = itens.length + grupos.length;
  useDesenhado(map, mapa !== undefined && (desenhados > 0 || mapa.total === 0), desenhados);
  // The server's groups: a click zooms in two steps, where the server answers with smaller groups or the homes.
  const doServidor = grupos.map((g) => (
    <Marker
      key={`s${g.latitude},${g.longitude}`}
      position={[g.latitude, g.longitude]}
      icon={iconeGrupo(g.quantidade, 'mapa-territorio-grupo')}
      title={`${plural(g.quantidade, 'domicílio', 'domicílios')} próximos: aproximar`}
      eventHandlers={{ click: () => map.setView([g.latitude, g.longitude], Math.min(ZOOM_MAXIMO, map.getZoom() + 2)) }}
    />
  ));
  return [
    ...doServidor,
    ...itens.map((f) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const props = f.properties;
      if ('cluster' in props && props.cluster) {
        const zoom = indice.getClusterExpansionZoom(props.cluster_id);
        const mesmoLugar = zoom > ZOOM_MAXIMO_AGRUPAMENTO;
        return (
          <Marker
            key={`g${props.cluster_id}`}
            position={[lat, lng]}
            icon={iconeGrupo(props.point_count, 'mapa-territorio-grupo')}
            title={`${plural(props.point_count, 'domicílio', 'domicílios')} ${mesmoLugar ? 'no mesmo lugar' : 'próximos: aproximar'}`}
            eventHandlers={mesmoLugar ? undefined : { click: () => map.setView([lat, lng], zoom) }}
          >
            {mesmoLugar && (
              <Popup>
                <Stack gap="sm">
                  {indice.getLeaves(props.cluster_id, Infinity).map((l) => (
                    <Detalhe key={l.properties.familia_id} p={l.properties} />
                  ))}
                </Stack>
              </Popup>
            )}
          </Marker>
        );
      }
      const p = props as TerritorioPonto;
      const faixa = faixaVisita(p.dias_sem_visita);
      return (
        <Marker
          key={p.familia_id}
          position={[lat, lng]}
          icon={ICONES[faixa]}
          title={`Domicílio${p.micro_area ? `, micro-área ${p.micro_area}` : ''}: ${semVisita(p.dias_sem_visita)} (${ROTULO_FAIXA[faixa]})`}
          alt={ESTILO_FAIXA[faixa].forma}
        >
          <Popup>
            <Detalhe p={p} />
          </Popup>
        </Marker>
      );
    }),
  ];
}
const SEM_PONTOS: TerritorioPonto[] = [];

function Detalhe({ p }: { p: TerritorioPonto }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        Domicílio{p.micro_area ? ` · micro-área ${p.micro_area}` : ''}
      </Text>
      <Text size="sm">{semVisita(p.dias_sem_visita)}</Text>
      <Anchor component={Link} to={`/atencao_primaria/visitas_domiciliares/${p.familia_id}/detalhes`} size="sm">
        Abrir a família
      </Anchor>
    </Stack>
  );
}

/**
 * Once the answer's homes are on the map: `data-desenhado` on the map's container (the number of markers drawn) and,
 * the first time, the performance mark 'saude:mapa-desenhado' (bench/mapa.ts times it): at the frame after the one that
 * painted them.
 */
function useDesenhado(map: MapaLeaflet, pronto: boolean, marcadores: number) {
  useEffect(() => {
    if (!pronto) return;
    let quadro = requestAnimationFrame(() => {
      quadro = requestAnimationFrame(() => {
        const el = map.getContainer();
        if (!el.dataset.desenhado) performance.mark('saude:mapa-desenhado');
        el.dataset.desenhado = String(marcadores);
      });
    });
    return () => cancelAnimationFrame(quadro);
  }, [map, pronto, marcadores]);
}
