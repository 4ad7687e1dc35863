import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useStockCounts, useToast } from '@sumika/shell-kit';
import { CREATE_SEARCH_CONDITION } from '../api/create-search-condition.js';
import type { SearchArgs } from '../search-args.js';

/** Saves the current search (cap 20); the header's saved-search badge follows. */
export function SaveConditionButton({ args }: { args: SearchArgs }) {
  const toast = useToast();
  const { adjust } = useStockCounts();
  const [save, { loading }] = useMutation(CREATE_SEARCH_CONDITION);
  const { page: _page, perPage: _perPage, sort: _sort, ...variables } = args;
  return (
    <button
      type="button"
      className="sk-button sk-button--secondary"
      disabled={loading}
      data-testid="save-condition"
      onClick={async () => {
        try {
          const { data } = await save({ variables });
          if (data?.createSearchCondition.saved) {
            adjust('search', 1);
            toast.show({ message: '検索条件を保存しました' });
          } else toast.show({ message: 'この検索条件はすでに保存されています' });
        } catch (err) {
          const code = CombinedGraphQLErrors.is(err) ? err.errors[0]?.extensions?.code : undefined;
          toast.show({ message: code === 'OVER_LIMIT' ? '保存できる検索条件は20件までです。不要な条件を削除してください。' : 'エラーのため保存できませんでした。' });
        }
      }}
    >
      ＋ この条件を保存
    </button>
  );
}
