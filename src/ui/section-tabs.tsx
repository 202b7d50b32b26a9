import { useEffect, useId, useRef, type ReactNode } from 'react';
import { mergeProps, useFocusRing, useHover, useTab, useTabList } from 'react-aria';
import { Item, useTabListState, type Node, type TabListState } from 'react-stately';

/** One section of a page that becomes a tab once the page is hydrated. */
export interface TabbedSection<K extends string> {
  key: K;
  title: string;
  /** The id a link's fragment names: it stays on the section's content in both forms. */
  anchorId: string;
  content: ReactNode;
}

/** The look of one set of tabs (the product page's and the category page's differ). */
export interface SectionTabsClasses {
  root: string;
  list: string;
  tab: string;
  panel: string;
}

type Tabs = TabListState<object>;

/** Before hydration (and without JavaScript): links to the sections, every one of them shown. */
function SectionLinks<K extends string>({
  label,
  sections,
  classes,
}: {
  label: string;
  sections: TabbedSection<K>[];
  classes: SectionTabsClasses;
}) {
  return (
    <nav className={classes.list} aria-label={label}>
      <ul>
        {sections.map((section) => (
          <li key={section.key}>
            <a className={classes.tab} href={`#${section.anchorId}`}>
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The tab titles, mounted only once the page is hydrated: React Aria's tab list and its state
 * (the collection, the keyboard's bindings, the selection manager) are built in the browser
 * alone, never for the server's render nor for hydration, where nothing uses them; on the
 * server they were a tenth of a product page's render. The selection is the caller's.
 */
function TabTitles<K extends string>({
  label,
  sections,
  selected,
  onSelect,
  baseId,
  classes,
}: {
  label: string;
  sections: TabbedSection<K>[];
  selected: K;
  onSelect: (key: K) => void;
  baseId: string;
  classes: SectionTabsClasses;
}) {
  const state = useTabListState<object>({
    children: sections.map((section) => <Item key={section.key}>{section.title}</Item>),
    selectedKey: selected,
    onSelectionChange: (key) => onSelect(key as K),
  });
  const listRef = useRef<HTMLDivElement>(null);
  const { tabListProps } = useTabList({ 'aria-label': label }, state, listRef);
  return (
    <div {...tabListProps} ref={listRef} className={classes.list}>
      {[...state.collection].map((item) => (
        <TabTitle
          key={item.key}
          item={item}
          state={state}
          baseId={baseId}
          className={classes.tab}
        />
      ))}
    </div>
  );
}

function TabTitle({
  item,
  state,
  baseId,
  className,
}: {
  item: Node<object>;
  state: Tabs;
  baseId: string;
  className: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { tabProps, isSelected } = useTab({ key: item.key }, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({});
  const key = String(item.key);
  useEffect(() => {
    if (isSelected && ref.current) revealInList(ref.current);
  }, [isSelected]);
  return (
    <div
      {...mergeProps(tabProps, focusProps, hoverProps)}
      // The section's ids, made before the tab list existed, instead of React Aria's own.
      id={titleId(baseId, key)}
      aria-controls={isSelected ? panelId(baseId, key) : undefined}
      ref={ref}
      className={className}
      data-selected={isSelected || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-hovered={isHovered || undefined}
    >
      {item.rendered}
    </div>
  );
}

/**
 * Scrolls a row of titles too wide for its box (a phone) sideways until the selected one shows
 * whole; the page itself does not move.
 */
function revealInList(title: HTMLElement): void {
  const list = title.parentElement;
  if (!list) return;
  const box = list.getBoundingClientRect();
  const own = title.getBoundingClientRect();
  if (own.left < box.left) list.scrollLeft -= box.left - own.left;
  else if (own.right > box.right) list.scrollLeft += own.right - box.right;
}

/** A tab's panel and title ids, made from one id the sections keep from the server's render on. */
const panelId = (baseId: string, key: string) => `${baseId}-tabpanel-${key}`;
const titleId = (baseId: string, key: string) => `${baseId}-tab-${key}`;

/**
 * One section: the same element before and after hydration, so nothing in it is mounted twice (a
 * form begun before the scripts came keeps its text, focus and caret); once tabs, it is a tab
 * panel, hidden unless its tab is selected. Its attributes are written here rather than by React
 * Aria's useTabPanel, whose check for a focusable child walks the whole panel after every render.
 */
function Section<K extends string>({
  section,
  baseId,
  shown,
  className,
}: {
  section: TabbedSection<K>;
  baseId: string;
  shown: boolean | null;
  className: string;
}) {
  const { focusProps, isFocusVisible } = useFocusRing();
  const panel =
    shown !== null
      ? {
          ...focusProps,
          role: 'tabpanel',
          id: panelId(baseId, section.key),
          'aria-labelledby': titleId(baseId, section.key),
          tabIndex: 0,
          hidden: !shown,
          'data-focus-visible': isFocusVisible || undefined,
        }
      : {};
  return (
    <section className={className} {...panel}>
      <div id={section.anchorId}>{section.content}</div>
    </section>
  );
}

/**
 * Sections that become React Aria tabs (arrow keys, Home, End) once hydrated. Until `selected`
 * is set they are plain sections under a list of links to them, every one shown: the page the
 * server sends, readable without JavaScript. The caller decides which tab opens (the URL's rule
 * differs from page to page) and keeps the choice.
 */
export function SectionTabs<K extends string>({
  label,
  sections,
  selected,
  onSelect,
  classes,
}: {
  label: string;
  sections: TabbedSection<K>[];
  selected: K | null;
  onSelect: (key: K) => void;
  classes: SectionTabsClasses;
}) {
  const baseId = useId();
  return (
    <div className={classes.root} data-tabbed={selected !== null || undefined}>
      {selected !== null ? (
        <TabTitles
          label={label}
          sections={sections}
          selected={selected}
          onSelect={onSelect}
          baseId={baseId}
          classes={classes}
        />
      ) : (
        <SectionLinks label={label} sections={sections} classes={classes} />
      )}
      {sections.map((section) => (
        <Section
          key={section.key}
          section={section}
          baseId={baseId}
          shown={selected !== null ? selected === section.key : null}
          className={classes.panel}
        />
      ))}
    </div>
  );
}
