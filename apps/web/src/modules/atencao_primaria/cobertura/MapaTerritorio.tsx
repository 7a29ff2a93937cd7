// The territory's homes on a map (issue 44): one marker per family's home with coordinates, by days since the last
// visit (colour, shape and letter), clustered with supercluster when zoomed out (the library the notifications map
// already ships); a view with more homes than the server sends one by one shows the server's groups instead (each move
// asks for the new view: `onVista`); the notified cases on top when asked, grouped the same way. Whatever is drawn is
// joined where two discs would overlap (sobrepostos.ts). Tiles from the municipality's setting (`mapas`; none: a plain
// background). Its own lazy chunk: Leaflet is paid for only here. The list is the accessible alternative.
import { Anchor, Stack, Text } from '@mantine/core';
import { ENQUADRAR, faixaVisita, type FaixaVisita, type TerritorioPonto } from '@saude/shared/schemas/cobertura';
import type { NotificacaoPonto } from '@saude/shared/schemas/notificacao_compulsoria';
import type { DetalheNotificacao } from '../../municipes_notificacao';
import { divIcon, type Map as MapaLeaflet } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import {
  caixa,
  iconeGrupo,
  ladoGrupo,
  MapaBase,
  useAgrupamento,
  useVista,
  ZOOM_MAXIMO,
  ZOOM_MAXIMO_AGRUPAMENTO,
} from '../../../lib/mapa';
import { ALTURA_MAPA, type MapaDaVista } from './api';
import { ESTILO_FAIXA, FAIXAS, ROTULO_FAIXA, SIMBOLO_CASO, simboloFaixa } from './faixas';
import { FOLGA_PX, juntarSobrepostos, type Marca } from './sobrepostos';

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;
const semVisita = (dias: number | null) =>
  dias === null ? 'nunca visitado' : dias === 0 ? 'visitado hoje' : `${plural(dias, 'dia', 'dias')} sem visita`;

/** The view the map shows: its zoom and bounds (`oeste,sul,leste,norte`), for the server's answer. */
export type VistaMapa = { zoom: number; caixa: string };

export default function MapaTerritorio({
  mapa,
  casos,
  resumo,
  atualizando,
  onVista,
}: {
  mapa: MapaDaVista | undefined;
  casos: NotificacaoPonto[] | undefined;
  resumo: string;
  /** The view's homes are being fetched (the last answer stays drawn meanwhile). */
  atualizando: boolean;
  onVista: (v: VistaMapa, map: MapaLeaflet) => void;
}) {
  return (
    <div role="region" aria-label={`Mapa do território. ${resumo}`} aria-busy={atualizando} className="mapa-territorio">
      <MapaBase pontos={undefined} maxZoom={ZOOM_MAXIMO} altura={ALTURA_MAPA}>
        <EnquadrarLimites limites={mapa?.limites} />
        <AoMover onVista={onVista} />
        <Domicilios mapa={mapa} />
        {casos && <Casos casos={casos} />}
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
.mapa-territorio-caso{display:inline-flex;align-items:center;justify-content:center;border-radius:50%;
background:#862e9c;color:#fff;font:700 11px/1 sans-serif;border:2px solid #fff;box-shadow:0 0 0 1px #212529;box-sizing:border-box}
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
  popupAnchor: [13, -22],
});

/** A group of cases: the case's purple disc with the count, off its point as a case is (its lower left 4 px away). */
function iconeGrupoCaso(n: number) {
  const lado = ladoCaso(n);
  return divIcon({
    html: `<span class="mapa-territorio-caso" style="width:${lado}px;height:${lado}px">${n.toLocaleString('pt-BR')}</span>`,
    className: '',
    iconSize: [lado, lado],
    iconAnchor: [-4, lado + 4],
    popupAnchor: [4 + lado / 2, -(lado + 4)],
  });
}

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

/** What one mark on the map stands for: a home or case, supercluster's cluster, or the server's group. */
type Membro<P> = { ponto: P } | { cluster: number; n: number } | { servidor: number };
/** A mark of one or more members (joined when their circles would overlap), at its place. */
type MarcaNoMapa<P> = Marca<Membro<P>> & { at: [number, number] };

/**
 * The marks to draw: the points clustered by supercluster with radius `raio`, and the server's groups, joined where
 * their circles would overlap (`juntarSobrepostos`, in the pixels of the view's zoom). `destino` says what a group's
 * click does: zoom in, or — at one place, or already at the largest zoom — list its points.
 */
function useMarcas<P extends { latitude: number; longitude: number }>(
  pontos: readonly P[],
  servidor: MapaDaVista['grupos'],
  o: { raio: number; ponto: number; grupo: (n: number) => number; folga: number },
) {
  const { map, zoom, indice, itens } = useAgrupamento(pontos, o.raio);
  const px = (lat: number, lng: number) => map.project([lat, lng], zoom);
  const entradas = [
    ...servidor.map((g) => ({ ...px(g.latitude, g.longitude), n: g.quantidade, item: { servidor: g.quantidade } })),
    ...itens.map((f) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const props = f.properties;
      return 'cluster' in props && props.cluster
        ? { ...px(lat, lng), n: props.point_count, item: { cluster: props.cluster_id, n: props.point_count } }
        : { ...px(lat, lng), n: 1, item: { ponto: props as P } };
    }),
  ];
  const marcas = juntarSobrepostos<Membro<P>>(entradas, (m) =>
    m.itens.length === 1 && 'ponto' in m.itens[0]! ? o.ponto : o.grupo(m.n),
  ).map((m): MarcaNoMapa<P> => {
    const at = map.unproject([m.x, m.y], zoom);
    return { ...m, at: [at.lat, at.lng] };
  });
  const pontosDe = (m: MarcaNoMapa<P>): P[] =>
    m.itens.flatMap((i) =>
      'ponto' in i ? [i.ponto] : 'cluster' in i ? indice.getLeaves(i.cluster, Infinity).map((l) => l.properties) : [],
    );
  const destino = (m: MarcaNoMapa<P>): { zoom: number } | { lista: P[] } => {
    const [so] = m.itens;
    if (m.itens.length === 1 && so && 'cluster' in so) {
      const e = indice.getClusterExpansionZoom(so.cluster);
      return e > ZOOM_MAXIMO_AGRUPAMENTO ? { lista: pontosDe(m) } : { zoom: e };
    }
    // The server's group: two steps, where the server answers with smaller groups or the homes.
    if (m.itens.length === 1 && so && 'servidor' in so) return { zoom: Math.min(ZOOM_MAXIMO, zoom + 2) };
    // Joined marks: one step doubles their distance.
    return zoom < ZOOM_MAXIMO ? { zoom: zoom + 1 } : { lista: pontosDe(m) };
  };
  const chave = (m: MarcaNoMapa<P>, id: (p: P) => string) =>
    m.itens.map((i) => ('ponto' in i ? id(i.ponto) : 'cluster' in i ? `g${i.cluster}` : `s${m.x},${m.y}`)).join('+');
  return { map, marcas, destino, chave };
}

/** A group's marker for a mark of `n`: a click zooms in or, at one place, opens the list of its points. */
function MarcadorGrupo<P>({
  at,
  n,
  icone,
  rotulo,
  destino,
  zIndexOffset,
  detalhe,
}: {
  at: [number, number];
  n: number;
  icone: ReturnType<typeof divIcon>;
  rotulo: (n: number, mesmoLugar: boolean) => string;
  destino: { zoom: number } | { lista: P[] };
  zIndexOffset?: number;
  detalhe: (p: P) => React.ReactNode;
}) {
  const map = useMap();
  const lista = 'lista' in destino ? destino.lista : null;
  return (
    <Marker
      position={at}
      icon={icone}
      zIndexOffset={zIndexOffset}
      title={rotulo(n, lista !== null)}
      eventHandlers={'zoom' in destino ? { click: () => map.setView(at, destino.zoom) } : undefined}
    >
      {lista && (
        <Popup>
          <Stack gap="sm">{lista.map(detalhe)}</Stack>
        </Popup>
      )}
    </Marker>
  );
}

/**
 * One layer of marks (homes or cases): each point alone by `marcador`, each group as a disc `icone` with its count.
 * `desenhado`: whether the layer is ready once `n` marks are drawn (the homes tell the bench; see useDesenhado).
 */
function Camada<P extends { latitude: number; longitude: number }>(props: {
  pontos: readonly P[];
  servidor: MapaDaVista['grupos'];
  opcoes: Parameters<typeof useMarcas>[2];
  id: (p: P) => string;
  marcador: (p: P, at: [number, number]) => React.ReactElement;
  icone: (n: number) => ReturnType<typeof divIcon>;
  nome: [um: string, varios: string];
  detalhe: (p: P) => React.ReactNode;
  zIndexOffset?: number;
  desenhado?: (n: number) => boolean;
}) {
  const { map, marcas, destino, chave } = useMarcas(props.pontos, props.servidor, props.opcoes);
  useDesenhado(map, props.desenhado?.(marcas.length) ?? false, marcas.length);
  const [um, varios] = props.nome;
  return marcas.map((m) => {
    const [so] = m.itens;
    if (m.itens.length === 1 && so && 'ponto' in so) return props.marcador(so.ponto, m.at);
    return (
      <MarcadorGrupo
        key={chave(m, props.id)}
        at={m.at}
        n={m.n}
        icone={props.icone(m.n)}
        zIndexOffset={props.zIndexOffset}
        rotulo={(n, mesmoLugar) => `${plural(n, um, varios)} ${mesmoLugar ? 'no mesmo lugar' : 'próximos: aproximar'}`}
        destino={destino(m)}
        detalhe={props.detalhe}
      />
    );
  });
}

function Domicilios({ mapa }: { mapa: MapaDaVista | undefined }) {
  return (
    <Camada
      pontos={mapa?.pontos ?? SEM_PONTOS}
      servidor={mapa?.grupos ?? SEM_GRUPOS}
      opcoes={OPCOES_DOMICILIOS}
      id={(p) => p.familia_id}
      marcador={(p, at) => {
        const faixa = faixaVisita(p.dias_sem_visita);
        return (
          <Marker
            key={p.familia_id}
            position={at}
            icon={ICONES[faixa]}
            title={`Domicílio${p.micro_area ? `, micro-área ${p.micro_area}` : ''}: ${semVisita(p.dias_sem_visita)} (${ROTULO_FAIXA[faixa]})`}
            alt={ESTILO_FAIXA[faixa].forma}
          >
            <Popup>
              <Detalhe p={p} />
            </Popup>
          </Marker>
        );
      }}
      icone={(n) => iconeGrupo(n, 'mapa-territorio-grupo')}
      nome={['domicílio', 'domicílios']}
      detalhe={(p) => <Detalhe key={p.familia_id} p={p} />}
      desenhado={(n) => mapa !== undefined && (n > 0 || mapa.total === 0)}
    />
  );
}
/** Homes: clustered within the largest group disc, so two discs are apart at once (the join is the exception). */
const OPCOES_DOMICILIOS = { raio: ladoGrupo(1000) + FOLGA_PX, ponto: 24, grupo: ladoGrupo, folga: FOLGA_PX };
const SEM_GRUPOS: MapaDaVista['grupos'] = [];

/**
 * The notified cases, grouped as the homes are (purple discs with the count, up and to the right of their point as
 * each case is); a case or a list of cases at one place opens the notification's summary.
 */
function Casos({ casos }: { casos: NotificacaoPonto[] }) {
  const Detalhe = useDetalheCaso();
  return (
    <Camada
      pontos={casos}
      servidor={SEM_GRUPOS}
      opcoes={OPCOES_CASOS}
      id={(c) => c.notificacao_id}
      marcador={(c, at) => (
        <Marker
          key={c.notificacao_id}
          position={at}
          icon={ICONE_CASO}
          zIndexOffset={1000}
          title={`Caso notificado (${c.situacao})`}
          alt="Caso notificado"
        >
          {Detalhe && (
            <Popup>
              <Detalhe p={c} />
            </Popup>
          )}
        </Marker>
      )}
      icone={iconeGrupoCaso}
      zIndexOffset={1000}
      nome={['caso notificado', 'casos notificados']}
      detalhe={(c) => Detalhe && <Detalhe key={c.notificacao_id} p={c} />}
    />
  );
}

/**
 * The notifications module's own summary of a case, loaded with the cases (a static import would close a cycle: that
 * module reads atencao_primaria's filter options); in hand before a popup opens, so Leaflet sizes it with its content.
 */
function useDetalheCaso() {
  const [Detalhe, setDetalhe] = useState<typeof DetalheNotificacao | null>(null);
  useEffect(() => {
    let vivo = true;
    void import('../../municipes_notificacao').then((m) => vivo && setDetalhe(() => m.DetalheNotificacao));
    return () => {
      vivo = false;
    };
  }, []);
  return Detalhe;
}
const ladoCaso = (n: number) => (n < 10 ? 22 : n < 100 ? 26 : 32);
/** Cases' discs are drawn off their points by their size: a wider gap keeps two of different sizes apart. */
const OPCOES_CASOS = { raio: ladoCaso(1000) + FOLGA_PX, ponto: 18, grupo: ladoCaso, folga: FOLGA_PX + 10 };
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
