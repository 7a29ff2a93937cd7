// A chosen file read in the browser as a data URL (an image to check and preview before it is sent), made once.
export const lerDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('leitura'));
    r.readAsDataURL(file);
  });
