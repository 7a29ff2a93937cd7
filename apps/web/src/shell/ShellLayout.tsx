import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { carregarToasts } from '../lib/feedback/carregarToasts';
import { useUsuario } from '../lib/session';
import { AvisosNaoVisualizados } from '../modules/comunicacao';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { DepoisDoOcioso, useIdleEssential } from './firstUse';
import { ModaisDepois } from './ModaisDepois';
import { useMenuMode } from './useMenuMode';
import { useNav } from './useNav';
import classes from './Shell.module.css';

/** Default layout of spec §2: top bar, side menu, content. The route loader has already loaded the user. */
export function ShellLayout() {
  const usuario = useUsuario();
  const [mode, send] = useMenuMode();
  const { pathname } = useLocation();
  const { nav, isLoading } = useNav();
  // A followed link closes the drawer; a docked menu stays as it is.
  useEffect(() => send({ type: 'dismiss' }), [pathname, send]);
  // The toast container, on any connection, before the network may drop (app/toastsSobDemanda.tsx).
  useIdleEssential(carregarToasts);
  if (!usuario) return null;
  // Without a current unit there is no menu to show (the API answers []): no empty sidebar.
  const withMenu = usuario.unidade_atual !== null;
  return (
    <div className={classes.root}>
      <a href="#conteudo" className={classes.skip}>
        Pular para o conteúdo
      </a>
      <TopBar usuario={usuario} mode={mode} send={send} withMenu={withMenu} />
      <div className={classes.body}>
        {withMenu && <SideMenu mode={mode} send={send} nav={nav} loading={isLoading} />}
        {withMenu && mode === 'open' && (
          <div className={classes.backdrop} onClick={() => send({ type: 'dismiss' })} aria-hidden />
        )}
        <main id="conteudo" className={classes.main} tabIndex={-1}>
          <div className={classes.container}>
            <Outlet />
          </div>
        </main>
      </div>
      {/* Confirmations (modals.openConfirmModal: delete, unsaved changes) are drawn by the provider, which listens
          for them from anywhere; it needs not wrap the page. */}
      <ModaisDepois />
      {/* Staff notices (issue 19): a small check; the pop-up's code loads only when it finds unread ones, after the
          home is interactive. */}
      <DepoisDoOcioso>
        <AvisosNaoVisualizados usuario={usuario} />
      </DepoisDoOcioso>
    </div>
  );
}
