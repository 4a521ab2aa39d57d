import type { Translate } from './translate';

export interface SearchFormProps {
  action: string; // e.g. '/id/search/'
  id: string;
  label: string;
  value?: string;
  name?: string;
  t: Translate;
}

/** A labelled GET search form: works without JavaScript and is what the `search` widget enhances. */
export function SearchForm({ action, id, label, value, name = 'keyword', t }: SearchFormProps) {
  return (
    <form className="search-form" role="search" aria-label={label} method="get" action={action}>
      <label htmlFor={id}>{label}</label>
      <div className="search-form__row">
        <input id={id} type="search" name={name} defaultValue={value} autoComplete="off" />
        <button type="submit" className="button" data-track="search-submit">
          {t('header.search')}
        </button>
      </div>
    </form>
  );
}
