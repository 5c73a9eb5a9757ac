;; The merge of one short piece (fewer than 256 bytes) by the ranks of a RankTable whose arrays live
;; in this module's memory (see merge-kernel.ts for the layout). The same merge order as
;; bytePairMergeShort: repeatedly join the adjacent pair of parts with the lowest rank, the leftmost
;; one on ties. WebAssembly runs fast from the first call, where JavaScript would run in the
;; interpreter until its optimising compiler is done: a process's first encode is mostly merges of
;; new pieces.
(module
  (import "env" "memory" (memory 1))
  ;; Where the rank table's arrays and the scratch arrays are (byte offsets), given once by `init`.
  (global $slots (mut i32) (i32.const 0))
  (global $mask (mut i32) (i32.const 0))
  (global $tokenBytes (mut i32) (i32.const 0))
  (global $filter (mut i32) (i32.const 0))
  (global $byteRanks (mut i32) (i32.const 0))
  (global $pairRanks (mut i32) (i32.const 0))
  (global $joined (mut i32) (i32.const 0))
  (global $part (mut i32) (i32.const 0))
  (global $pair (mut i32) (i32.const 0))
  (global $start (mut i32) (i32.const 0))
  (global $offsets (mut i32) (i32.const 0))
  (global $charRanks (mut i32) (i32.const 0))
  (global $riskBefore (mut i32) (i32.const 0))
  (global $riskAfter (mut i32) (i32.const 0))
  (global $riskEdge (mut i32) (i32.const 0))
  ;; Where each of the four lists of TwoByteChars starts in the list area (its `first` array, whose
  ;; values index the ranks of all four lists, back to back); 0 in $twoByteChars: merge from bytes.
  (global $endingWithLead (mut i32) (i32.const 0))
  (global $startingWithTail (mut i32) (i32.const 0))
  (global $startingWithChar (mut i32) (i32.const 0))
  (global $endingWithChar (mut i32) (i32.const 0))
  (global $listRanks (mut i32) (i32.const 0))
  (global $twoByteChars (mut i32) (i32.const 0))

  (func (export "init") (param $slots i32) (param $mask i32) (param $tokenBytes i32) (param $filter i32)
        (param $byteRanks i32) (param $pairRanks i32) (param $joined i32) (param $part i32) (param $pair i32)
        (param $start i32)
    (global.set $slots (local.get $slots))
    (global.set $mask (local.get $mask))
    (global.set $tokenBytes (local.get $tokenBytes))
    (global.set $filter (local.get $filter))
    (global.set $byteRanks (local.get $byteRanks))
    (global.set $pairRanks (local.get $pairRanks))
    (global.set $joined (local.get $joined))
    (global.set $part (local.get $part))
    (global.set $pair (local.get $pair))
    (global.set $start (local.get $start)))

  ;; The tables of TwoByteChars (see two-byte-chars.ts), and the token offsets their search reads.
  (func (export "initTwoByteChars") (param $offsets i32) (param $charRanks i32) (param $riskBefore i32)
        (param $riskAfter i32) (param $riskEdge i32) (param $lists i32) (param $listRanks i32)
    (global.set $offsets (local.get $offsets))
    (global.set $charRanks (local.get $charRanks))
    (global.set $riskBefore (local.get $riskBefore))
    (global.set $riskAfter (local.get $riskAfter))
    (global.set $riskEdge (local.get $riskEdge))
    ;; The four `first` arrays have 33, 65, 2,049 and 2,049 ints.
    (global.set $endingWithLead (local.get $lists))
    (global.set $startingWithTail (i32.add (local.get $lists) (i32.const 132)))
    (global.set $startingWithChar (i32.add (local.get $lists) (i32.const 392)))
    (global.set $endingWithChar (i32.add (local.get $lists) (i32.const 8588)))
    (global.set $listRanks (local.get $listRanks))
    (global.set $twoByteChars (i32.const 1)))

  ;; Whether token $rank's bytes are the piece's bytes from $at on (the caller checked the length).
  (func $tokenAt (param $rank i32) (param $at i32) (result i32)
    (local $from i32) (local $length i32) (local $i i32)
    (local.set $from (i32.load (i32.add (global.get $offsets) (i32.shl (local.get $rank) (i32.const 2)))))
    (local.set $length
      (i32.sub (i32.load offset=4 (i32.add (global.get $offsets) (i32.shl (local.get $rank) (i32.const 2))))
               (local.get $from)))
    (local.set $from (i32.add (global.get $tokenBytes) (local.get $from)))
    (block $differ
      (loop $compare
        (br_if $differ (i32.ge_u (local.get $i) (local.get $length)))
        (br_if $differ
          (i32.ne (i32.load8_u (i32.add (local.get $from) (local.get $i)))
                  (i32.load8_u (i32.add (local.get $at) (local.get $i)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $compare)))
    (i32.eq (local.get $i) (local.get $length)))

  ;; The length of token $rank.
  (func $tokenLength (param $rank i32) (result i32)
    (i32.sub (i32.load offset=4 (i32.add (global.get $offsets) (i32.shl (local.get $rank) (i32.const 2))))
             (i32.load (i32.add (global.get $offsets) (i32.shl (local.get $rank) (i32.const 2))))))

  ;; Whether a token of the list at $first under $key starts at $at and ends by $end.
  (func $anyStartsAt (param $first i32) (param $key i32) (param $at i32) (param $end i32) (result i32)
    (local $i i32) (local $last i32) (local $rank i32)
    (local.set $i (i32.load (i32.add (local.get $first) (i32.shl (local.get $key) (i32.const 2)))))
    (local.set $last (i32.load offset=4 (i32.add (local.get $first) (i32.shl (local.get $key) (i32.const 2)))))
    (block $none
      (loop $next
        (br_if $none (i32.ge_s (local.get $i) (local.get $last)))
        (local.set $rank (i32.load (i32.add (global.get $listRanks) (i32.shl (local.get $i) (i32.const 2)))))
        (if (i32.le_s (i32.add (local.get $at) (call $tokenLength (local.get $rank))) (local.get $end))
          (then (if (call $tokenAt (local.get $rank) (local.get $at)) (then (return (i32.const 1))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.const 0))

  ;; Whether a token of the list at $first under $key ends at $until and starts in the piece.
  (func $anyEndsAt (param $first i32) (param $key i32) (param $until i32) (result i32)
    (local $i i32) (local $last i32) (local $rank i32) (local $from i32)
    (local.set $i (i32.load (i32.add (local.get $first) (i32.shl (local.get $key) (i32.const 2)))))
    (local.set $last (i32.load offset=4 (i32.add (local.get $first) (i32.shl (local.get $key) (i32.const 2)))))
    (block $none
      (loop $next
        (br_if $none (i32.ge_s (local.get $i) (local.get $last)))
        (local.set $rank (i32.load (i32.add (global.get $listRanks) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $from (i32.sub (local.get $until) (call $tokenLength (local.get $rank))))
        (if (i32.ge_s (local.get $from) (i32.const 0))
          (then (if (call $tokenAt (local.get $rank) (local.get $from)) (then (return (i32.const 1))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.const 0))

  ;; TwoByteChars.startRank for the piece [0, $end): the rank of the two-byte character at $at (whose
  ;; first byte is a lead byte) when the merge may take it whole from the start, else NO_RANK.
  (func $startRank (param $at i32) (param $end i32) (result i32)
    (local $lead i32) (local $tail i32) (local $code i32) (local $rank i32) (local $risk i32)
    (if (i32.ge_s (i32.add (local.get $at) (i32.const 1)) (local.get $end)) (then (return (i32.const 0x7fffffff))))
    (local.set $lead (i32.load8_u (local.get $at)))
    (local.set $tail (i32.load8_u offset=1 (local.get $at)))
    (if (i32.ne (i32.and (local.get $tail) (i32.const 0xc0)) (i32.const 0x80)) (then (return (i32.const 0x7fffffff))))
    (local.set $code (i32.or (i32.shl (i32.and (local.get $lead) (i32.const 31)) (i32.const 6))
                             (i32.and (local.get $tail) (i32.const 63))))
    (local.set $rank (i32.load (i32.add (global.get $charRanks) (i32.shl (local.get $code) (i32.const 2)))))
    (if (i32.eq (local.get $rank) (i32.const 0x7fffffff)) (then (return (local.get $rank))))
    ;; The risks before and after it: 2 (the two bytes around its edge are a token) settles it.
    (if (i32.gt_s (local.get $at) (i32.const 0))
      (then
        (local.set $risk
          (i32.load8_u (i32.add (global.get $riskBefore)
            (i32.or (i32.shl (i32.load8_u (i32.sub (local.get $at) (i32.const 1))) (i32.const 5))
                    (i32.and (local.get $lead) (i32.const 31))))))))
    (if (i32.lt_s (i32.add (local.get $at) (i32.const 2)) (local.get $end))
      (then
        (local.set $risk
          (i32.or (local.get $risk)
            (i32.load8_u (i32.add (global.get $riskAfter)
              (i32.or (i32.shl (i32.and (local.get $tail) (i32.const 63)) (i32.const 8))
                      (i32.load8_u offset=2 (local.get $at)))))))))
    (if (i32.and (local.get $risk) (i32.const 2)) (then (return (i32.const 0x7fffffff))))
    (local.set $risk (i32.or (local.get $risk) (i32.load8_u (i32.add (global.get $riskEdge) (local.get $code)))))
    (if (i32.eqz (local.get $risk)) (then (return (local.get $rank))))
    ;; A search settles the rest: does a token that breaks a rule occur around it?
    (if (i32.or
          (i32.or
            (call $anyEndsAt (global.get $endingWithLead) (i32.shr_u (local.get $code) (i32.const 6))
                             (i32.add (local.get $at) (i32.const 1)))
            (call $anyStartsAt (global.get $startingWithTail) (i32.and (local.get $code) (i32.const 63))
                               (i32.add (local.get $at) (i32.const 1)) (local.get $end)))
          (i32.or
            (call $anyStartsAt (global.get $startingWithChar) (local.get $code) (local.get $at) (local.get $end))
            (call $anyEndsAt (global.get $endingWithChar) (local.get $code) (i32.add (local.get $at) (i32.const 2)))))
      (then (return (i32.const 0x7fffffff))))
    (local.get $rank))

  ;; FNV-1a over the bytes [from, to), the hash the table is keyed by.
  (func $hash (param $from i32) (param $to i32) (result i32)
    (local $hash i32)
    (local.set $hash (i32.const 0x811c9dc5))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $from) (local.get $to)))
        (local.set $hash
          (i32.mul (i32.xor (local.get $hash) (i32.load8_u (local.get $from))) (i32.const 0x01000193)))
        (local.set $from (i32.add (local.get $from) (i32.const 1)))
        (br $next)))
    (local.get $hash))

  ;; The rank of the bytes [at, at + length) hashed to $hash, or NO_RANK (0x7fffffff): RankTable.lookup.
  (func $lookup (param $at i32) (param $length i32) (param $hash i32) (result i32)
    (local $bits i32) (local $wrap i32) (local $slot i32) (local $entry i32) (local $rank i32)
    (local $token i32) (local $i i32)
    ;; The token filter first: most byte strings a merge asks about are no token.
    (local.set $bits
      (i32.or (i32.shl (i32.const 1) (local.get $hash))
              (i32.shl (i32.const 1) (i32.shr_u (local.get $hash) (i32.const 5)))))
    (if (i32.ne
          (i32.and
            (i32.load (i32.add (global.get $filter) (i32.shl (i32.shr_u (local.get $hash) (i32.const 16)) (i32.const 2))))
            (local.get $bits))
          (local.get $bits))
      (then (return (i32.const 0x7fffffff))))
    ;; Slots of four ints: hash, rank (-1: empty), start of the token's bytes, their length.
    (local.set $wrap (i32.or (i32.shl (global.get $mask) (i32.const 2)) (i32.const 3)))
    (local.set $slot (i32.sub (i32.shl (i32.and (local.get $hash) (global.get $mask)) (i32.const 2)) (i32.const 4)))
    (loop $probe
      (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 4)) (local.get $wrap)))
      (local.set $entry (i32.add (global.get $slots) (i32.shl (local.get $slot) (i32.const 2))))
      (local.set $rank (i32.load offset=4 (local.get $entry)))
      (if (i32.eq (local.get $rank) (i32.const -1)) (then (return (i32.const 0x7fffffff))))
      (if (i32.and (i32.eq (i32.load (local.get $entry)) (local.get $hash))
                   (i32.eq (i32.load offset=12 (local.get $entry)) (local.get $length)))
        (then
          (local.set $token (i32.add (global.get $tokenBytes) (i32.load offset=8 (local.get $entry))))
          (local.set $i (i32.const 0))
          (block $differ
            (loop $compare
              (br_if $differ (i32.ge_u (local.get $i) (local.get $length)))
              (br_if $differ
                (i32.ne (i32.load8_u (i32.add (local.get $token) (local.get $i)))
                        (i32.load8_u (i32.add (local.get $at) (local.get $i)))))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $compare)))
          (if (i32.eq (local.get $i) (local.get $length)) (then (return (local.get $rank))))))
      (br $probe))
    (i32.const 0x7fffffff))

  ;; The rank of parts k and k + 1 joined: from a direct-mapped memo keyed by their two ranks (four
  ;; ints a slot: left, right, rank, unused; -1 marks an empty one), else by their bytes in the piece.
  (func $joinedRank (param $k i32) (result i32)
    (local $left i32) (local $right i32) (local $mixed i32) (local $memo i32) (local $from i32)
    (local $to i32) (local $rank i32)
    (local.set $left (i32.load (i32.add (global.get $part) (i32.shl (local.get $k) (i32.const 2)))))
    (local.set $right (i32.load offset=4 (i32.add (global.get $part) (i32.shl (local.get $k) (i32.const 2)))))
    (local.set $mixed
      (i32.xor (i32.mul (local.get $left) (i32.const 0x9e3779b1))
               (i32.mul (local.get $right) (i32.const 0x85ebca6b))))
    (local.set $mixed (i32.xor (local.get $mixed) (i32.shr_u (local.get $mixed) (i32.const 15))))
    (local.set $memo
      (i32.add (global.get $joined) (i32.shl (i32.and (local.get $mixed) (i32.const 32767)) (i32.const 4))))
    (if (i32.and (i32.eq (i32.load (local.get $memo)) (local.get $left))
                 (i32.eq (i32.load offset=4 (local.get $memo)) (local.get $right)))
      (then (return (i32.load offset=8 (local.get $memo)))))
    (local.set $from (i32.load (i32.add (global.get $start) (i32.shl (local.get $k) (i32.const 2)))))
    (local.set $to (i32.load offset=8 (i32.add (global.get $start) (i32.shl (local.get $k) (i32.const 2)))))
    (local.set $rank
      (call $lookup (local.get $from) (i32.sub (local.get $to) (local.get $from))
                    (call $hash (local.get $from) (local.get $to))))
    (i32.store (local.get $memo) (local.get $left))
    (i32.store offset=4 (local.get $memo) (local.get $right))
    (i32.store offset=8 (local.get $memo) (local.get $rank))
    (local.get $rank))

  ;; The ids of the piece at bytes [0, length) (hashed to $hash), written to the part array; returns
  ;; how many. Part k covers the piece's bytes [start[k], start[k + 1]); pair[k] is the rank of parts
  ;; k and k + 1 joined.
  (func (export "encode") (param $length i32) (param $hash i32) (result i32)
    (local $rank i32) (local $k i32) (local $key i32) (local $cell i32) (local $parts i32)
    (local $best i32) (local $at i32) (local $offset i32)
    (if (i32.gt_u (local.get $length) (i32.const 255)) (then (unreachable)))
    ;; A piece that is a token is its rank.
    (local.set $rank (call $lookup (i32.const 0) (local.get $length) (local.get $hash)))
    (if (i32.ne (local.get $rank) (i32.const 0x7fffffff))
      (then
        (i32.store (global.get $part) (local.get $rank))
        (return (i32.const 1))))
    ;; One part per byte, or per two-byte character where TwoByteChars allows it ...
    (local.set $k (i32.const 0))
    (local.set $parts (i32.const 0))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $length)))
        (local.set $key (i32.load8_u (local.get $k)))
        (local.set $rank (i32.const 0x7fffffff))
        (if (i32.and (global.get $twoByteChars)
                     (i32.le_u (i32.sub (local.get $key) (i32.const 0xc2)) (i32.const 0x1d)))
          (then (local.set $rank (call $startRank (local.get $k) (local.get $length)))))
        (local.set $offset (i32.shl (local.get $parts) (i32.const 2)))
        (i32.store (i32.add (global.get $start) (local.get $offset)) (local.get $k))
        (if (i32.eq (local.get $rank) (i32.const 0x7fffffff))
          (then
            (i32.store (i32.add (global.get $part) (local.get $offset))
              (i32.load (i32.add (global.get $byteRanks) (i32.shl (local.get $key) (i32.const 2)))))
            (local.set $k (i32.add (local.get $k) (i32.const 1))))
          (else
            (i32.store (i32.add (global.get $part) (local.get $offset)) (local.get $rank))
            (local.set $k (i32.add (local.get $k) (i32.const 2)))))
        (local.set $parts (i32.add (local.get $parts) (i32.const 1)))
        (br $next)))
    (i32.store (i32.add (global.get $start) (i32.shl (local.get $parts) (i32.const 2))) (local.get $length))
    ;; ... and the rank of each pair of parts: of two single bytes from a table by the two bytes,
    ;; filled on first use (-1: not yet), else by their ranks.
    (local.set $k (i32.const 0))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $k) (i32.sub (local.get $parts) (i32.const 1))))
        (local.set $offset (i32.add (global.get $start) (i32.shl (local.get $k) (i32.const 2))))
        (if (i32.eq (i32.sub (i32.load offset=8 (local.get $offset)) (i32.load (local.get $offset))) (i32.const 2))
          (then
            (local.set $at (i32.load (local.get $offset)))
            (local.set $key
              (i32.or (i32.shl (i32.load8_u (local.get $at)) (i32.const 8)) (i32.load8_u offset=1 (local.get $at))))
            (local.set $cell (i32.add (global.get $pairRanks) (i32.shl (local.get $key) (i32.const 2))))
            (local.set $rank (i32.load (local.get $cell)))
            (if (i32.eq (local.get $rank) (i32.const -1))
              (then
                (local.set $rank
                  (call $lookup (local.get $at) (i32.const 2)
                                (call $hash (local.get $at) (i32.add (local.get $at) (i32.const 2)))))
                (i32.store (local.get $cell) (local.get $rank)))))
          (else (local.set $rank (call $joinedRank (local.get $k)))))
        (i32.store (i32.add (global.get $pair) (i32.shl (local.get $k) (i32.const 2))) (local.get $rank))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (block $merged
      (loop $merge
        ;; The lowest pair rank, the leftmost on ties; none left: done.
        (local.set $best (i32.const 0x7fffffff))
        (local.set $at (i32.const -1))
        (local.set $k (i32.const 0))
        (block $done
          (loop $next
            (br_if $done (i32.ge_s (local.get $k) (i32.sub (local.get $parts) (i32.const 1))))
            (local.set $rank (i32.load (i32.add (global.get $pair) (i32.shl (local.get $k) (i32.const 2)))))
            (if (i32.lt_s (local.get $rank) (local.get $best))
              (then
                (local.set $best (local.get $rank))
                (local.set $at (local.get $k))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $next)))
        (br_if $merged (i32.lt_s (local.get $at) (i32.const 0)))
        ;; Part at + 1 joins part at, whose rank is the pair's; the parts after it move down one.
        (i32.store (i32.add (global.get $part) (i32.shl (local.get $at) (i32.const 2))) (local.get $best))
        (local.set $k (i32.add (local.get $at) (i32.const 1)))
        (block $done
          (loop $next
            (br_if $done (i32.ge_s (local.get $k) (local.get $parts)))
            (local.set $offset (i32.shl (local.get $k) (i32.const 2)))
            (i32.store (i32.add (global.get $part) (local.get $offset))
              (i32.load offset=4 (i32.add (global.get $part) (local.get $offset))))
            (i32.store (i32.add (global.get $pair) (local.get $offset))
              (i32.load offset=4 (i32.add (global.get $pair) (local.get $offset))))
            (i32.store (i32.add (global.get $start) (local.get $offset))
              (i32.load offset=4 (i32.add (global.get $start) (local.get $offset))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $next)))
        (local.set $parts (i32.sub (local.get $parts) (i32.const 1)))
        ;; Only the pairs beside the new part changed.
        (if (i32.gt_s (local.get $at) (i32.const 0))
          (then
            (i32.store (i32.add (global.get $pair) (i32.shl (i32.sub (local.get $at) (i32.const 1)) (i32.const 2)))
              (call $joinedRank (i32.sub (local.get $at) (i32.const 1))))))
        (if (i32.lt_s (local.get $at) (i32.sub (local.get $parts) (i32.const 1)))
          (then
            (i32.store (i32.add (global.get $pair) (i32.shl (local.get $at) (i32.const 2)))
              (call $joinedRank (local.get $at)))))
        (br $merge)))
    (local.get $parts))
)
