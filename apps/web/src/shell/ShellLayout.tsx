import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useUsuario } from '../lib/session';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
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
            {/* Confirmations live with the screens that ask them; the sign-in page never loads modal code. */}
            <ModalsProvider>
              <Outlet />
            </ModalsProvider>
          </div>
        </main>
      </div>
    </div>
  );
}
