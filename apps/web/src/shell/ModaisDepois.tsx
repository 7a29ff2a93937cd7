// The modals' provider (Modal, scroll lock, the popover engine: ~29 kB) mounts at the home's idle moment, after the
// first load (issue 41). A modal asked for before that — modals.open…, a window event Mantine's provider listens for —
// would be lost: it is kept, the provider mounts at once, and the kept events are sent again once it listens.
import { lazy, Suspense, useLayoutEffect } from 'react';
import { useDepoisDoOcioso, marcarOcioso } from './firstUse';

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));
// The optional widgets (issue 21: sign language, chat): a chunk after the first screen, which loads each only if set.
const Widgets = lazy(() => import('./Widgets'));

/** The provider's events (@mantine/modals, ModalsProvider's useModalsEvents). */
const EVENTOS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((e) => `mantine-modals:${e}`);

let ouvindo = false;
const guardados: CustomEvent[] = [];

function guardar(e: Event) {
  if (ouvindo) return;
  guardados.push(new CustomEvent(e.type, { detail: (e as CustomEvent).detail }));
  marcarOcioso();
}
for (const nome of EVENTOS) window.addEventListener(nome, guardar);

/** After the provider in the tree: its layout effect runs once the provider's listeners are attached. */
function Reenviar() {
  useLayoutEffect(() => {
    ouvindo = true;
    for (const e of guardados.splice(0)) window.dispatchEvent(e);
    return () => {
      ouvindo = false;
    };
  }, []);
  return null;
}

/** The modals' provider and the widgets, from the idle moment on (or from the first modal asked for). */
export function ModaisDepois() {
  if (!useDepoisDoOcioso()) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <Reenviar />
      <Widgets />
    </Suspense>
  );
}
