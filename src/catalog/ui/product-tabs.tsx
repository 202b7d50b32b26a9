import {
  startTransition,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { mergeProps, useFocusRing, useHover, useTab, useTabList } from 'react-aria';
import { Item, useTabListState, type Node, type TabListState } from 'react-stately';
import { useLocation } from 'react-router';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import {
  initialTab,
  tabForLocation,
  tabHolding,
  tabPanelIds,
  type ProductTabId,
} from './product-tab-rule.ts';

export interface ProductTab {
  id: ProductTabId;
  title: string;
  content: ReactNode;
}

type Tabs = TabListState<object>;

/** After the tab has been shown: the element the fragment names, brought into view. */
function revealFragment(hash: string): void {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    return;
  }
  if (!id) return;
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // A review arrived at (#comment-12) takes focus, so a screen reader reads it.
    if (target.tabIndex === -1) target.focus({ preventScroll: true });
  });
}

/** Before hydration (and without JavaScript): links to the sections, every one of them shown. */
function SectionLinks({ tabs }: { tabs: ProductTab[] }) {
  return (
    <nav className="product-tablist" aria-label={catalogMessages.productTabs}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a className="product-tab" href={`#${tabPanelIds[tab.id]}`}>
              {tab.title}
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
}: {
  state: Tabs;
  listProps: ReturnType<typeof useTabList>['tabListProps'];
  listRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div {...listProps} ref={listRef} className="product-tablist">
      {[...state.collection].map((item) => (
        <TabTitle key={item.key} item={item} state={state} />
      ))}
    </div>
  );
}

function TabTitle({ item, state }: { item: Node<object>; state: Tabs }) {
  const ref = useRef<HTMLDivElement>(null);
  const { tabProps, isSelected } = useTab({ key: item.key }, state, ref);
  const { focusProps, isFocusVisible } = useFocusRing();
  const { hoverProps, isHovered } = useHover({});
  return (
    <div
      {...mergeProps(tabProps, focusProps, hoverProps)}
      ref={ref}
      className="product-tab"
      data-selected={isSelected || undefined}
      data-focus-visible={isFocusVisible || undefined}
      data-hovered={isHovered || undefined}
    >
      {item.rendered}
    </div>
  );
}

/** React Aria's ids for a tab's panel and title, made from the tab list's id (useTab's `aria-controls`). */
const panelId = (listId: string, tab: ProductTabId) => `${listId}-tabpanel-${tab}`;
const titleId = (listId: string, tab: ProductTabId) => `${listId}-tab-${tab}`;

/**
 * One tab's content: the same section before and after hydration, so nothing in it is mounted
 * twice (a review begun before the scripts came keeps its text, focus and caret); once tabs, it
 * is a tab panel, hidden unless its tab is selected. The inner element carries the fragment's id.
 * Its attributes are written here rather than by React Aria's useTabPanel, whose check for a
 * focusable child walks the whole panel after every render: 27 ms of a slow phone's hydration.
 */
function TabSection({
  tab,
  listId,
  shown,
}: {
  tab: ProductTab;
  listId: string | undefined;
  shown: boolean | null;
}) {
  const { focusProps, isFocusVisible } = useFocusRing();
  const panel =
    listId && shown !== null
      ? {
          ...focusProps,
          role: 'tabpanel',
          id: panelId(listId, tab.id),
          'aria-labelledby': titleId(listId, tab.id),
          tabIndex: 0,
          hidden: !shown,
          'data-focus-visible': isFocusVisible || undefined,
        }
      : {};
  return (
    <section className="product-tab-panel" {...panel}>
      <div id={tabPanelIds[tab.id]}>{tab.content}</div>
    </section>
  );
}

/**
 * The product page's tabs (CONTRACT §1): description, additional information, reviews. Plain
 * sections on the server; once hydrated, React Aria tabs opened as the URL says (seed 000 §2),
 * and again whenever the fragment changes (a `#reviews` link, a posted review's `#comment-N`).
 * The sections stay the panels (the unselected ones hidden), so becoming tabs only changes their
 * attributes and a look at the description keeps a half-written review.
 */
export function ProductTabs({ tabs }: { tabs: ProductTab[] }) {
  const location = useLocation();
  const [selected, setSelected] = useState<ProductTabId | null>(null);
  const available = tabs.map((tab) => tab.id);
  const key = available.join(' ');
  const state = useTabListState<object>({
    children: tabs.map((tab) => <Item key={tab.id}>{tab.title}</Item>),
    selectedKey: selected ?? available[0],
    onSelectionChange: (id) => setSelected(id as ProductTabId),
  });
  // From the first render, though the tab titles come only once hydrated: its id stays the same.
  const listRef = useRef<HTMLDivElement>(null);
  const { tabListProps } = useTabList(
    { 'aria-label': catalogMessages.productTabs },
    state,
    listRef,
  );

  useEffect(() => {
    const ids = key.split(' ') as ProductTabId[];
    const where = { hash: window.location.hash, search: window.location.search };
    // A transition: the sections become tabs in slices of work, not one long task.
    startTransition(() =>
      setSelected((current) => {
        // A shopper already writing in a section keeps it in view: its tab opens.
        if (current === null)
          return tabHolding(document.activeElement, ids) ?? initialTab(where, ids);
        return tabForLocation(where, ids) ?? current;
      }),
    );
    if (where.hash) revealFragment(where.hash);
  }, [key, location.hash, location.search, location.key]);

  useEffect(() => {
    const onHashChange = () => {
      const ids = key.split(' ') as ProductTabId[];
      const where = { hash: window.location.hash, search: window.location.search };
      const tab = tabForLocation(where, ids);
      if (tab) setSelected(tab);
      revealFragment(where.hash);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [key]);

  const tabbed = selected !== null;
  return (
    <div className="product-tabs" data-tabbed={tabbed || undefined}>
      {tabbed ? (
        <TabTitles state={state} listProps={tabListProps} listRef={listRef} />
      ) : (
        <SectionLinks tabs={tabs} />
      )}
      {tabs.map((tab) => (
        <TabSection
          key={tab.id}
          tab={tab}
          listId={tabListProps.id}
          shown={tabbed ? state.selectedKey === tab.id : null}
        />
      ))}
    </div>
  );
}
