import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError } from 'react-router';
import { msgBase as msg } from '@saude/shared/mensagens_base';
import { ErrorPage } from '../lib/feedback/ErrorPage';
import { useOnline } from '../lib/network';
import { SELECIONAR_UNIDADE, withRetorno } from '../lib/session';
import { isChunkLoadError, reloadOnce } from './chunkReload';
import { SEM_REDE_STATUS, type NaoOferecido } from './guards';

/** errorElement of the routes: 403/404 thrown by guards show their page; anything else is a 500. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const online = useOnline();
  const chunk = isChunkLoadError(error);
  // Offline, a reload would only trade this screen for the browser's "no internet" page (issue 12): stay and say so.
  const offline = chunk && !online;
  // A screen that works only with the server, asked for offline (issue 39): say so, never "não autorizado".
  const precisaRede = isRouteErrorResponse(error) && error.status === SEM_REDE_STATUS;
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (chunk && !offline) reloadOnce();
  }, [chunk, offline]);
  useEffect(() => {
    // Back online, the guard asks again and the screen opens by itself.
    if (precisaRede && online) void revalidate();
  }, [precisaRede, online, revalidate]);
  if (offline) return <OfflineScreen mensagem={msg.telaNaoAbertaOffline} />;
  if (precisaRede) return <OfflineScreen mensagem={msg.telaPrecisaInternet} />;
  const naoOferecido = isRouteErrorResponse(error) && error.status === 403 ? (error.data as NaoOferecido | null) : null;
  if (naoOferecido?.nao_oferece) return <NaoOferecePage {...naoOferecido} />;
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404))
    return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}

/** A full-screen notice: an icon, the message as the page's heading, and what the user can do. */
function Aviso({
  icone,
  titulo,
  testId,
  children,
}: {
  icone: ReactNode;
  titulo: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center" data-testid={testId}>
        <Text c="cyan.8" lh={1} aria-hidden>
          {icone}
        </Text>
        <Title order={1} fz="h3">
          {titulo}
        </Title>
        {children}
      </Stack>
    </Center>
  );
}

/** A screen this device cannot open offline (its code never fetched, or it needs the server). */
function OfflineScreen({ mensagem }: { mensagem: string }) {
  return (
    <Aviso icone={<IconWifiOff size={64} />} titulo={mensagem} testId="erro-offline">
      <Button
        variant="light"
        size="md"
        leftSection={<IconRefresh size={18} aria-hidden />}
        onClick={() => window.location.reload()}
      >
        Tentar novamente
      </Button>
    </Aviso>
  );
}

// Loaded only on the page below: the first load does not carry the flags' client (bench/bundle.mjs).
const UnidadesQueOferecem = lazy(() =>
  import('../modules/parametros').then((m) => ({ default: m.UnidadesQueOferecem })),
);

/** A screen of a module the current unit does not offer (issue 39): what is missing and how to change unit. */
function NaoOferecePage({ nao_oferece, unidade, permissao }: NaoOferecido) {
  const { pathname, search } = useLocation();
  return (
    <Aviso
      icone={<IconBuildingHospital size={64} />}
      titulo={msg.unidadeNaoOferece(unidade, nao_oferece)}
      testId="unidade-nao-oferece"
    >
      <Text>{msg.trocarUnidadeParaModulo}</Text>
      <Suspense fallback={null}>
        <UnidadesQueOferecem permissao={permissao} voltarPara={pathname + search} />
      </Suspense>
      <Group justify="center" gap="sm">
        <Button
          component={Link}
          to={withRetorno(SELECIONAR_UNIDADE, pathname + search)}
          size="md"
          leftSection={<IconBuildingHospital size={18} aria-hidden />}
        >
          Trocar unidade
        </Button>
        <Button component={Link} to="/" variant="light" size="md" leftSection={<IconHome size={18} aria-hidden />}>
          Voltar ao início
        </Button>
      </Group>
    </Aviso>
  );
}
