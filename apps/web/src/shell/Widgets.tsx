// The optional widgets of spec §7 (issue 21), each only when the API says it is configured (parametrizacao.widgets)
// and after the first screen (this file is its own chunk). Their origins are in the CSP only then (security.ts).
// - Sign language (VLibras): its mount points, then its script, then `new VLibras.Widget(<its app folder>)`.
// - Chat: its script, which draws itself.
// The fingerprint agent is not loaded here: the biometrics tab calls it when asked (leitorBiometrico.ts).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parametrizacaoQuery } from '../lib/parametrizacao';

type VLibrasGlobal = { VLibras?: { Widget: new (url: string) => unknown } };
/** VLibras starts once per page: a shell mounted again (signing out and in) must not add a second widget. */
let librasIniciado = false;

/** Appends `src` once (a repeat mount keeps the one already there). */
function carregarScript(src: string, id: string): Promise<void> {
  const existente = document.getElementById(id);
  if (existente) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.id = id;
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`widget ${id}`));
    document.body.appendChild(s);
  });
}

/** VLibras' markup: the access button and the plugin's frame holder (its documented snippet, built without HTML). */
function montarVLibras(): void {
  if (document.querySelector('[vw]')) return;
  const raiz = document.createElement('div');
  raiz.setAttribute('vw', '');
  raiz.className = 'enabled';
  const botao = document.createElement('div');
  botao.setAttribute('vw-access-button', '');
  botao.className = 'active';
  const wrapper = document.createElement('div');
  wrapper.setAttribute('vw-plugin-wrapper', '');
  const topo = document.createElement('div');
  topo.className = 'vw-plugin-top-wrapper';
  wrapper.appendChild(topo);
  raiz.append(botao, wrapper);
  document.body.appendChild(raiz);
}

export default function Widgets() {
  const { data } = useQuery(parametrizacaoQuery);
  // Tolerant of an answer without widgets (an older server during a deploy).
  const libras = data?.widgets?.libras_url ?? null;
  const chat = data?.widgets?.chat_url ?? null;

  useEffect(() => {
    if (!libras) return;
    montarVLibras();
    carregarScript(libras, 'widget-libras')
      .then(() => {
        const V = (window as unknown as VLibrasGlobal).VLibras;
        if (!V || librasIniciado) return;
        librasIniciado = true;
        // The plugin starts on window 'load', long gone when a lazy chunk runs: start it, then replay the event.
        new V.Widget(new URL('.', libras).href.replace(/\/$/, ''));
        window.dispatchEvent(new Event('load'));
      })
      .catch(() => undefined); // An unreachable widget leaves the product as it is.
  }, [libras]);

  useEffect(() => {
    if (chat) carregarScript(chat, 'widget-chat').catch(() => undefined);
  }, [chat]);

  return null;
}
