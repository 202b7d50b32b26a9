import { useRef, type ReactNode, type RefObject } from 'react';
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

function TabTitles({
  state,
  listProps,
  listRef,
  classes,
}: {
  state: Tabs;
  listProps: ReturnType<typeof useTabList>['tabListProps'];
  listRef: RefObject<HTMLDivElement | null>;
  classes: SectionTabsClasses;
}) {
  return (
    <div {...listProps} ref={listRef} className={classes.list}>
      {[...state.collection].map((item) => (
        <TabTitle key={item.key} item={item} state={state} className={classes.tab} />
      ))}
    </div>
  );
}

function TabTitle({
  item,
  state,
  className,
}: {
  item: Node<object>;
  state: Tabs;
  className: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { tabProps, isSelected } = useTab({ key: item.key }, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({});
  return (
    <div
      {...mergeProps(tabProps, focusProps, hoverProps)}
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

/** React Aria's ids for a tab's panel and title, made from the tab list's id (useTab's `aria-controls`). */
const panelId = (listId: string, key: string) => `${listId}-tabpanel-${key}`;
const titleId = (listId: string, key: string) => `${listId}-tab-${key}`;

/**
 * One section: the same element before and after hydration, so nothing in it is mounted twice (a
 * form begun before the scripts came keeps its text, focus and caret); once tabs, it is a tab
 * panel, hidden unless its tab is selected. Its attributes are written here rather than by React
 * Aria's useTabPanel, whose check for a focusable child walks the whole panel after every render.
 */
function Section<K extends string>({
  section,
  listId,
  shown,
  className,
}: {
  section: TabbedSection<K>;
  listId: string | undefined;
  shown: boolean | null;
  className: string;
}) {
  const { focusProps, isFocusVisible } = useFocusRing();
  const panel =
    listId && shown !== null
      ? {
          ...focusProps,
          role: 'tabpanel',
          id: panelId(listId, section.key),
          'aria-labelledby': titleId(listId, section.key),
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
  const state = useTabListState<object>({
    children: sections.map((section) => <Item key={section.key}>{section.title}</Item>),
    selectedKey: selected ?? sections[0]?.key,
    onSelectionChange: (key) => onSelect(key as K),
  });
  // From the first render, though the tab titles come only once hydrated: its id stays the same.
  const listRef = useRef<HTMLDivElement>(null);
  const { tabListProps } = useTabList({ 'aria-label': label }, state, listRef);
  const tabbed = selected !== null;
  return (
    <div className={classes.root} data-tabbed={tabbed || undefined}>
      {tabbed ? (
        <TabTitles state={state} listProps={tabListProps} listRef={listRef} classes={classes} />
      ) : (
        <SectionLinks label={label} sections={sections} classes={classes} />
      )}
      {sections.map((section) => (
        <Section
          key={section.key}
          section={section}
          listId={tabListProps.id}
          shown={tabbed ? state.selectedKey === section.key : null}
          className={classes.panel}
        />
      ))}
    </div>
  );
}
