import { t } from '../lib/strings';
import { propsOf, type BaseProps } from '../runtime/types';

/**
 * /support/spare-parts-price: the page holds every model's price table (`section[data-model]`); this island replaces
 * the list of model links with a picker, shows the chosen model's table only and keeps the choice in the URL
 * (?model=), so a link to one model's prices can be shared.
 */
export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'spare-parts'>(base);
  const s = props.strings;
  const sections = [...host.querySelectorAll<HTMLElement>('section[data-model]')];
  const nav = host.querySelector<HTMLElement>('nav');
  if (sections.length === 0) return () => undefined;

  const label = document.createElement('label');
  label.className = 'spare-parts__picker';
  label.append(t(s, 'spareParts.choose'), ' ');
  const select = document.createElement('select');
  select.name = 'model';
  const all = document.createElement('option');
  all.value = '';
  all.textContent = t(s, 'spareParts.all');
  select.appendChild(all);
  for (const section of sections) {
    const option = document.createElement('option');
    option.value = section.dataset['model'] ?? '';
    option.textContent = section.dataset['name'] ?? option.value;
    select.appendChild(option);
  }
  label.appendChild(select);
  if (nav) nav.hidden = true;
  host.prepend(label);

  const show = (model: string) => {
    const known = sections.some((sec) => sec.dataset['model'] === model);
    const chosen = known ? model : '';
    select.value = chosen;
    for (const section of sections) section.hidden = chosen !== '' && section.dataset['model'] !== chosen;
    const url = new URL(location.href);
    if (chosen) url.searchParams.set('model', chosen);
    else url.searchParams.delete('model');
    url.hash = '';
    history.replaceState(history.state, '', url.pathname + url.search);
  };
  const fromHash = location.hash.startsWith('#parts-') ? location.hash.slice('#parts-'.length) : '';
  show(new URLSearchParams(location.search).get('model') ?? fromHash);
  const onChange = () => show(select.value);
  select.addEventListener('change', onChange);
  return () => {
    select.removeEventListener('change', onChange);
    label.remove();
    if (nav) nav.hidden = false;
    for (const section of sections) section.hidden = false;
  };
}
