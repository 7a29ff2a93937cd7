import { Alert, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMaximize, IconVolume, IconWifiOff } from '@tabler/icons-react';
import type { ChamadaPainel } from '@saude/shared/schemas/painel';
import { msg } from '@saude/shared/messages';
import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { horaBr } from '../../../lib/format';
import { anunciar, ativarSom } from './anuncio';
import { usePainelAoVivo } from './usePainelAoVivo';

// The calling panel (issue 17): full screen on the waiting room's TV, read from 5 m. No staff shell, no sign-in: the
// panel key in the address opens it. Dark background and the largest type for the current call.

const FUNDO = '#0b1f2a';

/** Black or white, whichever reads better on the category's colour (WCAG relative luminance). */
export function textoSobre(cor: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(cor)?.[1];
  if (!hex) return '#fff';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

/**
 * The history's sizes follow the screen's width AND height: five rows must fit a 1280×720 TV under its heading
 * (issue 39), and still read from afar on a 1920×1080 one.
 */
const LINHA = {
  senha: 'clamp(1.6rem, min(3.4vw, 5.2vh), 3.4rem)',
  local: 'clamp(1.4rem, min(3vw, 4.4vh), 3rem)',
  hora: 'clamp(1.3rem, min(2.6vw, 4vh), 2.6rem)',
};

function Senha({ c, tamanho }: { c: ChamadaPainel; tamanho: string }) {
  return (
    <Box
      component="span"
      px="0.3em"
      style={{
        background: c.categoria.cor,
        color: textoSobre(c.categoria.cor),
        borderRadius: '0.15em',
        fontSize: tamanho,
        fontWeight: 800,
        lineHeight: 1.1,
        fontVariantNumeric: 'tabular-nums',
        letterSpacing: '0.04em',
        display: 'inline-block',
      }}
    >
      {c.codigo}
    </Box>
  );
}

export function PainelPage() {
  const { unidadeId = '' } = useParams();
  const [params] = useSearchParams();
  const chave = params.get('chave') ?? '';
  const [som, setSom] = useState(false);
  const [telaCheia, setTelaCheia] = useState(false);
  const aoChamar = useCallback((c: ChamadaPainel) => anunciar(c), []);
  const { estado, quadro } = usePainelAoVivo(unidadeId, chave, aoChamar);

  useEffect(() => {
    const mudou = () => setTelaCheia(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', mudou);
    return () => document.removeEventListener('fullscreenchange', mudou);
  }, []);
  useEffect(() => {
    document.title = 'Painel de chamadas';
  }, []);

  if (estado.situacao === 'recusado')
    return (
      <Center component="main" mih="100dvh" p="xl" bg={FUNDO}>
        <Alert
          color="red"
          variant="filled"
          icon={<IconAlertTriangle aria-hidden />}
          title="Painel de chamadas"
          maw={720}
        >
          <Text fz="xl">{estado.mensagem}</Text>
        </Alert>
      </Center>
    );
  if (estado.situacao === 'carregando')
    return (
      <Center component="main" mih="100dvh" bg={FUNDO}>
        <Loader color="white" role="status" aria-label="Carregando o painel" />
      </Center>
    );

  const { atual, ultimas } = quadro;
  return (
    <Box
      component="main"
      mih="100dvh"
      bg={FUNDO}
      c="white"
      p={{ base: 'md', md: 'xl' }}
      style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-lg)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Title order={1} fz={{ base: '1.6rem', md: '2.4rem' }} c="white">
          {estado.unidade?.nome ?? 'Painel de chamadas'}
        </Title>
        <Group gap="sm" wrap="nowrap">
          {!som && (
            <Button
              size="lg"
              color="yellow"
              c="dark"
              leftSection={<IconVolume aria-hidden />}
              onClick={() => void ativarSom().then(() => setSom(true))}
            >
              Ativar som
            </Button>
          )}
          {!telaCheia && document.fullscreenEnabled && (
            <Button
              size="lg"
              variant="white"
              color="dark"
              leftSection={<IconMaximize aria-hidden />}
              onClick={() => void document.documentElement.requestFullscreen().catch(() => {})}
            >
              Tela cheia
            </Button>
          )}
        </Group>
      </Group>

      {estado.situacao === 'sem_conexao' && (
        <Alert color="orange" variant="filled" icon={<IconWifiOff aria-hidden />} role="status">
          <Text fz={{ base: 'xl', md: '2rem' }} fw={700} c="white">
            {msg.painelSemConexao}
          </Text>
        </Alert>
      )}

      <Box style={{ flex: 1, display: 'grid', gap: 'var(--mantine-spacing-xl)' }} className="painel-grade">
        <Stack
          component="section"
          aria-label="Chamada atual"
          aria-live="assertive"
          aria-atomic
          align="center"
          justify="center"
          gap="md"
          p="lg"
          style={{ background: 'rgba(255,255,255,0.06)', borderRadius: 24 }}
        >
          {atual ? (
            <>
              <Text fz={{ base: '2rem', md: '3rem' }} fw={600} c="gray.3">
                Senha
              </Text>
              <Senha key={`${atual.senha_id}-${atual.chamada_em}`} c={atual} tamanho="clamp(5rem, 16vw, 15rem)" />
              <Text fz="clamp(2.5rem, 6vw, 6rem)" fw={800} ta="center" lh={1.1} data-testid="painel-local">
                {atual.local}
              </Text>
              <Text fz={{ base: '1.4rem', md: '2rem' }} c="gray.3">
                {atual.fila} · {horaBr(atual.chamada_em)}
              </Text>
            </>
          ) : (
            <Text fz="clamp(2rem, 4vw, 4rem)" fw={700} c="gray.3" ta="center">
              Aguardando a primeira chamada
            </Text>
          )}
        </Stack>

        <Box component="section" aria-label="Últimas chamadas">
          <Title order={2} fz="clamp(1.6rem, min(2.6vw, 4.6vh), 2.6rem)" c="white" mb="xs">
            Últimas chamadas
          </Title>
          {ultimas.length === 0 ? (
            <Text fz="1.8rem" c="gray.3">
              Nenhuma chamada anterior hoje
            </Text>
          ) : (
            <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {ultimas.map((c) => (
                <Box
                  component="li"
                  key={c.senha_id}
                  py="clamp(0.3rem, 1.2vh, 0.75rem)"
                  style={{
                    display: 'grid',
                    // The place takes what is left and wraps; the code and the time never shrink (issue 39: a
                    // 1280×720 TV clipped the time to "15:1").
                    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
                    alignItems: 'center',
                    gap: 'clamp(0.75rem, 1.5vw, 1.5rem)',
                    borderBottom: '1px solid rgba(255,255,255,0.15)',
                  }}
                >
                  <Senha c={c} tamanho={LINHA.senha} />
                  <Text fz={LINHA.local} fw={700} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
                    {c.local}
                  </Text>
                  <Text
                    fz={LINHA.hora}
                    c="gray.3"
                    data-testid="painel-hora"
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {horaBr(c.chamada_em)}
                  </Text>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
