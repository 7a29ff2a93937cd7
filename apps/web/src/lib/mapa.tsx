// What every map of the product shares (issue 44; first written for the notifications map, issue 18): who drew the
// tiles, fitting the view to the markers, and the view the clusters are computed for. Import it only from a lazy map
// chunk: it brings Leaflet.
import 'leaflet/dist/leaflet.css';
import './mapa.css';
import { divIcon, latLngBounds, type LatLngBounds } from 'leaflet';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import Supercluster from 'supercluster';
import { useParametrizacao } from './parametrizacao';

/** Brasília, until the parametrização arrives (it is fetched at start, so almost never seen). */
export const CENTRO_PADRAO: [number, number] = [-15.7801, -47.9292];

/** Who drew the tiles (their licence asks to say so): OpenStreetMap by name, any other server by its host. */
export function atribuicao(tilesUrl: string): string {
  let host: string;
  try {
    host = new URL(tilesUrl.replace(/[{}]/g, '')).host;
  } catch {
    return '';
  }
  return /openstreetmap/i.test(host)
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">colaboradores do OpenStreetMap</a>'
    : `Mapa: ${host}`;
}

/** Fits the map to the markers each time the answer changes (the filters changed); no markers: the centre. */
export function Enquadrar({
  pontos,
  centro,
}: {
  pontos: ReadonlyArray<{ latitude: number; longitude: number }> | undefined;
  centro: [number, number];
}) {
  const map = useMap();
  useEffect(() => {
    if (!pontos) return;
    if (pontos.length === 0) map.setView(centro, 12, { animate: false });
    else map.fitBounds(limites(pontos), { padding: [32, 32], maxZoom: 16, animate: false });
    // The centre is read when the points change, not a reason to move the map by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pontos, map]);
  return null;
}

/** The points' bounds in one pass: no LatLng object per point (a town's map has 100,000) for a minimum and a maximum. */
export function limites(pontos: ReadonlyArray<{ latitude: number; longitude: number }>): LatLngBounds {
  let [sul, oeste, norte, leste] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of pontos) {
    if (p.latitude < sul) sul = p.latitude;
    if (p.latitude > norte) norte = p.latitude;
    if (p.longitude < oeste) oeste = p.longitude;
    if (p.longitude > leste) leste = p.longitude;
  }
  return latLngBounds([sul, oeste], [norte, leste]);
}

/** The bounding box supercluster asks for, inside the world's limits. */
export const caixa = (b: LatLngBounds): [number, number, number, number] => [
  Math.max(-180, b.getWest()),
  Math.max(-85, b.getSouth()),
  Math.min(180, b.getEast()),
  Math.min(85, b.getNorth()),
];

/**
 * The map's bounds and zoom, updated after each move. Subscribed once (not useMapEvents, which resubscribes on every
 * render and so misses the move Enquadrar makes in the same commit).
 */
export function useVista() {
  const map = useMap();
  const [vista, setVista] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useEffect(() => {
    const mover = () => setVista({ bounds: map.getBounds(), zoom: map.getZoom() });
    map.on('moveend', mover);
    // A move made before this subscription (a sibling's effect fitting the map in the same commit) counts too.
    mover();
    return () => {
      map.off('moveend', mover);
    };
  }, [map]);
  return { map, vista };
}

/**
 * The map itself: centred on the municipality's setting (`parametrizacao.mapas`), its tiles when configured (none: a
 * plain background), the zoom buttons in Portuguese, fitted to `pontos`; the markers are its children.
 */
export function MapaBase({
  pontos,
  maxZoom,
  altura,
  children,
}: {
  pontos: ReadonlyArray<{ latitude: number; longitude: number }> | undefined;
  maxZoom: number;
  altura: string;
  children: ReactNode;
}) {
  const config = useParametrizacao().parametrizacao?.mapas;
  const centro: [number, number] = config ? [config.latitude, config.longitude] : CENTRO_PADRAO;
  return (
    <MapContainer
      center={centro}
      zoom={12}
      maxZoom={maxZoom}
      zoomControl={false}
      style={{ height: altura, minHeight: 320, background: '#f1f3f5' }}
    >
      <ZoomControl position="topleft" zoomInTitle="Aproximar" zoomOutTitle="Afastar" />
      {config?.tiles_url && (
        <TileLayer url={config.tiles_url} attribution={atribuicao(config.tiles_url)} maxZoom={maxZoom} />
      )}
      <Enquadrar pontos={pontos} centro={centro} />
      {children}
    </MapContainer>
  );
}

/** Past this zoom the clusters left are points at one place: a click lists them instead of zooming. */
export const ZOOM_MAXIMO_AGRUPAMENTO = 17;
export const ZOOM_MAXIMO = ZOOM_MAXIMO_AGRUPAMENTO + 1;

/**
 * The points in view at this zoom, clustered (supercluster) when close: `indice` answers a cluster's expansion zoom
 * and its leaves, `itens` are what to draw. `raio`: the cluster radius in the map's pixels (none: supercluster's 56 of
 * a 512 extent, 28 of the map's pixels, which lets neighbouring group circles overlap).
 */
export function useAgrupamento<P extends { latitude: number; longitude: number }>(pontos: readonly P[], raio?: number) {
  const { map, vista } = useVista();
  const indice = useMemo(() => {
    const s = new Supercluster<P>(
      raio === undefined
        ? { radius: 56, maxZoom: ZOOM_MAXIMO_AGRUPAMENTO }
        : { radius: raio, extent: 256, maxZoom: ZOOM_MAXIMO_AGRUPAMENTO },
    );
    s.load(
      pontos.map((p): GeoJSON.Feature<GeoJSON.Point, P> => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
        properties: p,
      })),
    );
    return s;
  }, [pontos, raio]);
  const zoom = Math.round(vista.zoom);
  return { map, zoom, indice, itens: indice.getClusters(caixa(vista.bounds.pad(0.25)), zoom) };
}

/** The diameter of a cluster's disc for its count, in pixels. */
export const ladoGrupo = (n: number) => (n < 10 ? 32 : n < 100 ? 38 : 46);

/** A cluster's marker: a disc with the count, sized by it, drawn by the map's own CSS class. */
export function iconeGrupo(n: number, classe: string) {
  const lado = ladoGrupo(n);
  return divIcon({
    html: `<span class="${classe}" style="width:${lado}px;height:${lado}px">${n.toLocaleString('pt-BR')}</span>`,
    className: '',
    iconSize: [lado, lado],
    iconAnchor: [lado / 2, lado / 2],
  });
}
