// A ticket as the desk and the calling panel show it: the code on the category's colour, in white or dark text,
// whichever reads better (WCAG contrast: never under 4.58:1).
import { Box, Text } from '@mantine/core';
import { exemploSenha, textoSobre } from '@saude/shared/senha_cores';

export function SenhaExemplo({ sigla, cor, size = 'sm' }: { sigla: string; cor: string; size?: 'sm' | 'lg' }) {
  const texto = textoSobre(cor);
  const grande = size === 'lg';
  return (
    <Box
      component="span"
      px={grande ? 'md' : 8}
      py={grande ? 6 : 2}
      style={{
        display: 'inline-block',
        background: cor,
        color: texto.cor,
        borderRadius: 6,
        border: '1px solid rgba(0, 0, 0, 0.15)',
        fontWeight: 700,
        fontSize: grande ? 28 : 14,
        fontVariantNumeric: 'tabular-nums',
        letterSpacing: 1,
        lineHeight: 1.3,
      }}
    >
      {exemploSenha(sigla)}
    </Box>
  );
}

/** 'Texto branco · contraste 5,2:1': white or black, whichever reads better, always 4.58:1 or more (WCAG AA). */
export function ContrasteSenha({ cor }: { cor: string }) {
  const texto = textoSobre(cor);
  const razao = texto.contraste.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return (
    <Text size="sm" component="span" display="block">
      {texto.cor === '#FFFFFF' ? 'Texto branco' : 'Texto preto'} · contraste {razao}:1
    </Text>
  );
}
