import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { MESSAGES, useStockCounts, useToast } from '@sumika/shell-kit';
import { SPEC_MESSAGES } from '@sumika/spec';
import { CREATE_SEARCH_CONDITION } from '../api/create-search-condition.js';
import { savedSearchVariables, type SearchArgs } from '../search-args.js';

/** Saves the current search (cap SEARCH_CONDITION_LIMIT); the header's saved-search badge follows. */
export function SaveConditionButton({ args }: { args: SearchArgs }) {
  const toast = useToast();
  const { adjust } = useStockCounts();
  const [save, { loading }] = useMutation(CREATE_SEARCH_CONDITION);
  const variables = savedSearchVariables(args);
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
          toast.show({ message: code === 'OVER_LIMIT' ? SPEC_MESSAGES.searchConditionOverLimit : MESSAGES.favoriteAddFailed });
        }
      }}
    >
      ＋ この条件を保存
    </button>
  );
}
