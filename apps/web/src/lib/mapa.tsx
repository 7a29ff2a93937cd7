// What every map of the product shares (issue 44; first written for the notifications map, issue 18): who drew the
// tiles, fitting the view to the markers, and the view the clusters are computed for. Import it only from a lazy map
// chunk: it brings Leaflet.
import { latLngBounds, type LatLngBounds } from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
import { MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
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
