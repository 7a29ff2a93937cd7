import { ActionIcon, Avatar, Badge, Box, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useFullscreenDocument, useNetwork } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBuildingHospital,
  IconChevronDown,
  IconMaximize,
  IconMenu2,
  IconMinimize,
  IconWifi,
  IconWifiOff,
} from '@tabler/icons-react';
import { lazy, type CSSProperties, type Ref } from 'react';
import { Link } from 'react-router';
import type { Usuario } from '@saude/shared';
import { msgBase as msg } from '@saude/shared/mensagens_base';
import { useParametrizacao } from '../lib/parametrizacao';
import { SELECIONAR_UNIDADE } from '../lib/session';
import { useTemaAtual } from '../lib/temaAtual';
import { DepoisDoOcioso, FirstUseSlot, lazyOnFirstUse, useFirstUse, useIdleWarmUp } from './firstUse';
import { Hint, HintTooltip } from './Hint';
import { showsTopToggle, type MenuAction, type MenuMode } from './menuMode';
import { MENU_ID } from './SideMenu';
import classes from './Shell.module.css';

// The bell and the globe (issue 20) with their polls come right after the first screen, not in it: the first load has
// its budget (issue 15), and their counts are a moment late at most.
const Sino = lazy(() => import('./Sino').then((m) => ({ default: m.Sino })));
const Globo = lazy(() => import('./globo/Globo').then((m) => ({ default: m.Globo })));

type Props = { usuario: Usuario; mode: MenuMode; send: (a: MenuAction) => void; withMenu: boolean };

export function TopBar({ usuario, mode, send, withMenu }: Props) {
  const { clienteNome, brasao, parametrizacao } = useParametrizacao();
  // A campaign theme in force (issue 21) colours the bar; its text and icons take the spec's luminance rule.
  const { tema, fundo, texto } = useTemaAtual();
  const barra = {
    '--barra-fundo': fundo,
    '--barra-texto': texto,
    '--barra-faixa': texto === '#FFFFFF' ? 'rgba(0, 0, 0, 0.3)' : 'rgba(255, 255, 255, 0.6)',
  } as CSSProperties;
  return (
    <header className={classes.header} style={barra} data-tema={tema?.id}>
      {withMenu && showsTopToggle(mode) && (
        <ActionIcon
          variant="transparent"
          color="var(--barra-texto, #fff)"
          size={44}
          aria-label="Alternar menu"
          aria-expanded={mode === 'open'}
          aria-controls={MENU_ID}
          onClick={() => send({ type: 'toggleTop' })}
          className={classes.headerButton}
        >
          <IconMenu2 size={26} aria-hidden />
        </ActionIcon>
      )}
      <Link to="/" className={classes.brand} aria-label={clienteNome ? `Início - ${clienteNome}` : 'Início'}>
        <img src={brasao} alt={clienteNome ? `Brasão de ${clienteNome}` : 'Brasão do município'} />
        {tema?.imagem_base64 && (
          <img src={tema.imagem_base64} alt={`Logo da campanha ${tema.objetivo}`} className={classes.logoTema} />
        )}
        <span className={classes.cliente}>{clienteNome}</span>
      </Link>
      {parametrizacao?.demonstracao && <DemoBadge />}
      <div className={classes.spacer} />
      <NetworkStatus />
      <DepoisDoOcioso>
        <FirstUseSlot fallback={null}>
          <Sino usuario={usuario} />
        </FirstUseSlot>
      </DepoisDoOcioso>
      {usuario.unidade_atual && (
        <Hint label="Trocar unidade">
          <Link
            to={SELECIONAR_UNIDADE}
            className={`${classes.headerButton} ${classes.textBand}`}
            title="Trocar unidade"
            aria-label={`Unidade atual: ${usuario.unidade_atual.nome}. Trocar unidade`}
          >
            <IconBuildingHospital size={22} aria-hidden style={{ flex: '0 0 auto' }} />
            <span className={classes.unitName}>{usuario.unidade_atual.nome}</span>
          </Link>
        </Hint>
      )}
      <DepoisDoOcioso>
        <FirstUseSlot fallback={null}>
          <Globo usuario={usuario} />
        </FirstUseSlot>
      </DepoisDoOcioso>
      <FullscreenToggle />
      <AccountButton usuario={usuario} />
    </header>
  );
}

/** While demo accounts exist, every page says so (issue 14); a phone's bar has room for the first word only. */
function DemoBadge() {
  const [primeira, resto] = msg.demonstracao.split(' — ');
  const common = {
    variant: 'filled',
    color: 'yellow.3',
    c: 'dark.9',
    radius: 'sm',
    style: { flex: '0 0 auto', textTransform: 'none' },
  } as const;
  return (
    <>
      {/* A phone's bar has no room beside the crest: a strip just under the bar instead (never over the crest). */}
      <Box className={classes.demoFaixa} hiddenFrom="sm">
        {primeira}
      </Box>
      <Badge {...common} size="lg" visibleFrom="sm" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
        {primeira}
        <Box component="span" visibleFrom="md">
          {' — '}
          {resto}
        </Box>
      </Badge>
    </>
  );
}

/** ux.md: online/offline always visible, in words as well as colour. */
function NetworkStatus() {
  const { online } = useNetwork();
  return (
    <Badge
      role="status"
      variant="white"
      // Mantine's green.8 on white is 3.4:1; these darker tones pass AA (6.7:1 and 5.5:1).
      color={online ? '#24692f' : '#c92a2a'}
      size="lg"
      radius="sm"
      leftSection={online ? <IconWifi size={14} aria-hidden /> : <IconWifiOff size={14} aria-hidden />}
      title={online ? 'Online' : 'Sem conexão'}
      className={classes.rede}
      style={{ flex: '0 0 auto', textTransform: 'none' }}
    >
      {/* A phone's bar has room for the icon only (each state its own icon; the words stay for screen readers). */}
      <span className={classes.redeTexto}>{online ? 'Online' : 'Sem conexão'}</span>
    </Badge>
  );
}

function FullscreenToggle() {
  const { toggle, fullscreen } = useFullscreenDocument();
  // iPhone Safari has no Fullscreen API for pages: offer nothing rather than a dead button.
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = fullscreen ? 'Sair da tela cheia' : 'Tela cheia';
  return (
    <Hint label={label}>
      <ActionIcon
        variant="transparent"
        color="var(--barra-texto, #fff)"
        size={44}
        aria-label={label}
        aria-pressed={fullscreen}
        onClick={() => void toggle()}
        className={`${classes.headerButton} ${classes.telaCheia}`}
      >
        {fullscreen ? <IconMinimize size={22} aria-hidden /> : <IconMaximize size={22} aria-hidden />}
      </ActionIcon>
    </Hint>
  );
}

const initials = (nome: string) =>
  nome
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0])
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('')
    .toUpperCase();

const AccountMenu = lazyOnFirstUse(() => import('./AccountMenu'));

/** The account button; its menu's code comes with the first use (firstUse.tsx). */
function AccountButton({ usuario }: { usuario: Usuario }) {
  const { use, intent } = useFirstUse(AccountMenu.preload);
  useIdleWarmUp(AccountMenu.preload, HintTooltip.preload);
  const trigger = (ref?: Ref<HTMLButtonElement>, plain?: object) => (
    // Named by what it shows (axe: label-content-name-mismatch): the initials, the name, then what it opens.
    <UnstyledButton ref={ref} className={`${classes.headerButton} ${classes.textBand}`} {...plain}>
      <Avatar size={32} color="var(--barra-texto, #fff)" variant="outline" radius="xl">
        {initials(usuario.nome)}
      </Avatar>
      <span className={classes.userName}>{usuario.nome}</span>
      <VisuallyHidden>, minha conta</VisuallyHidden>
      <IconChevronDown size={16} aria-hidden className={classes.seta} />
    </UnstyledButton>
  );
  const plain = trigger(undefined, { ...intent, 'aria-haspopup': 'menu', 'aria-expanded': false });
  return (
    <FirstUseSlot fallback={plain} retry={use}>
      {use ? <AccountMenu usuario={usuario} use={use} trigger={trigger} /> : plain}
    </FirstUseSlot>
  );
}
