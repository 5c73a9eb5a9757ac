;; The inner loops of word2vec training over f32 vectors in linear memory, four lanes at a time
;; (WebAssembly SIMD). Addresses are byte offsets, lengths counts of f32. Each vector function ends with
;; a scalar loop for the last n mod 4 values. Compiled to word2vec-kernels-wasm.ts by
;; scripts/build-kernels.mjs; word2vec-kernels.ts falls back to the same loops in JavaScript.
(module
  (import "env" "memory" (memory 1 65536))

  ;; Where this instance's sigmoid table lies (see useSigmoidTable).
  (global $sigmoids (mut i32) (i32.const 0))

  ;; Σ a[k]·b[k], in two four-lane sums (eight values per turn) so that the additions overlap.
  (func $dot (export "dot") (param $a i32) (param $b i32) (param $n i32) (result f32)
    (local $end8 i32) (local $end i32) (local $s0 v128) (local $s1 v128) (local $sum f32)
    (local.set $end8 (i32.add (local.get $a) (i32.shl (i32.and (local.get $n) (i32.const -8)) (i32.const 2))))
    (local.set $end (i32.add (local.get $a) (i32.shl (local.get $n) (i32.const 2))))
    (block $done8
      (loop $by8
        (br_if $done8 (i32.ge_u (local.get $a) (local.get $end8)))
        (local.set $s0 (f32x4.add (local.get $s0)
          (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
        (local.set $s1 (f32x4.add (local.get $s1)
          (f32x4.mul (v128.load offset=16 (local.get $a)) (v128.load offset=16 (local.get $b)))))
        (local.set $a (i32.add (local.get $a) (i32.const 32)))
        (local.set $b (i32.add (local.get $b) (i32.const 32)))
        (br $by8)))
    (if (i32.le_u (i32.add (local.get $a) (i32.const 16)) (local.get $end))
      (then
        (local.set $s0 (f32x4.add (local.get $s0)
          (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))))
    (local.set $s0 (f32x4.add (local.get $s0) (local.get $s1)))
    (local.set $sum (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $s0)) (f32x4.extract_lane 1 (local.get $s0)))
      (f32.add (f32x4.extract_lane 2 (local.get $s0)) (f32x4.extract_lane 3 (local.get $s0)))))
    (block $done
      (loop $by1
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $sum (f32.add (local.get $sum) (f32.mul (f32.load (local.get $a)) (f32.load (local.get $b)))))
        (local.set $a (i32.add (local.get $a) (i32.const 4)))
        (local.set $b (i32.add (local.get $b) (i32.const 4)))
        (br $by1)))
    (local.get $sum))

  ;; y[k] += alpha·x[k]
  (func $axpy (export "axpy") (param $x i32) (param $y i32) (param $n i32) (param $alpha f32)
    (local $end4 i32) (local $end i32) (local $a v128)
    (local.set $a (f32x4.splat (local.get $alpha)))
    (local.set $end4 (i32.add (local.get $x) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $n) (i32.const 2))))
    (block $done4
      (loop $by4
        (br_if $done4 (i32.ge_u (local.get $x) (local.get $end4)))
        (v128.store (local.get $y) (f32x4.add (v128.load (local.get $y))
          (f32x4.mul (local.get $a) (v128.load (local.get $x)))))
        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (local.set $y (i32.add (local.get $y) (i32.const 16)))
        (br $by4)))
    (block $done
      (loop $by1
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        (f32.store (local.get $y) (f32.add (f32.load (local.get $y))
          (f32.mul (local.get $alpha) (f32.load (local.get $x)))))
        (local.set $x (i32.add (local.get $x) (i32.const 4)))
        (local.set $y (i32.add (local.get $y) (i32.const 4)))
        (br $by1))))

  ;; One logistic step with gradient g of hidden against an output row: work[k] += g·row[k], then
  ;; row[k] += g·hidden[k] (the error reaching the input side uses the row before its update).
  (func $step (export "step") (param $hidden i32) (param $work i32) (param $row i32) (param $n i32) (param $g f32)
    (local $end4 i32) (local $end i32) (local $gv v128) (local $r v128) (local $gs f32) (local $rs f32)
    (local.set $gv (f32x4.splat (local.get $g)))
    (local.set $end4 (i32.add (local.get $row) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (local.set $end (i32.add (local.get $row) (i32.shl (local.get $n) (i32.const 2))))
    (block $done4
      (loop $by4
        (br_if $done4 (i32.ge_u (local.get $row) (local.get $end4)))
        (local.set $r (v128.load (local.get $row)))
        (v128.store (local.get $work) (f32x4.add (v128.load (local.get $work))
          (f32x4.mul (local.get $gv) (local.get $r))))
        (v128.store (local.get $row) (f32x4.add (local.get $r)
          (f32x4.mul (local.get $gv) (v128.load (local.get $hidden)))))
        (local.set $hidden (i32.add (local.get $hidden) (i32.const 16)))
        (local.set $work (i32.add (local.get $work) (i32.const 16)))
        (local.set $row (i32.add (local.get $row) (i32.const 16)))
        (br $by4)))
    (block $done
      (loop $by1
        (br_if $done (i32.ge_u (local.get $row) (local.get $end)))
        (local.set $rs (f32.load (local.get $row)))
        (f32.store (local.get $work) (f32.add (f32.load (local.get $work)) (f32.mul (local.get $g) (local.get $rs))))
        (f32.store (local.get $row) (f32.add (local.get $rs) (f32.mul (local.get $g) (f32.load (local.get $hidden)))))
        (local.set $hidden (i32.add (local.get $hidden) (i32.const 4)))
        (local.set $work (i32.add (local.get $work) (i32.const 4)))
        (local.set $row (i32.add (local.get $row) (i32.const 4)))
        (br $by1))))

  ;; x[k] ·= factor
  (func $scale (export "scale") (param $x i32) (param $n i32) (param $factor f32)
    (local $end4 i32) (local $end i32) (local $f v128)
    (local.set $f (f32x4.splat (local.get $factor)))
    (local.set $end4 (i32.add (local.get $x) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $n) (i32.const 2))))
    (block $done4
      (loop $by4
        (br_if $done4 (i32.ge_u (local.get $x) (local.get $end4)))
        (v128.store (local.get $x) (f32x4.mul (v128.load (local.get $x)) (local.get $f)))
        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (br $by4)))
    (block $done
      (loop $by1
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        (f32.store (local.get $x) (f32.mul (f32.load (local.get $x)) (local.get $factor)))
        (local.set $x (i32.add (local.get $x) (i32.const 4)))
        (br $by1))))

  ;; 1 / (1 + e^-x) for |x| ≤ 6, to fill the table. e^-x = 2^k · e^r with k the integer nearest -x / ln 2 and |r| ≤ ln 2 / 2
  ;; (ln 2 split in two parts so that k · ln2hi is exact), e^r by its Taylor series up to r^9 / 9!
  ;; (relative error below 2e-11, far below the f32 precision of the gradient it feeds).
  (func $sigmoid (param $x f64) (result f64)
    (local $k f64) (local $r f64) (local $p f64)
    (local.set $k (f64.nearest (f64.mul (f64.neg (local.get $x)) (f64.const 1.4426950408889634))))
    (local.set $r (f64.sub
      (f64.sub (f64.neg (local.get $x)) (f64.mul (local.get $k) (f64.const 6.93147180369123816490e-01)))
      (f64.mul (local.get $k) (f64.const 1.90821492927058770002e-10))))
    (local.set $p (f64.const 2.7557319223985893e-06))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 2.48015873015873e-05)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 0.0001984126984126984)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 0.001388888888888889)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 0.008333333333333333)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 0.041666666666666664)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 0.16666666666666666)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 0.5)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 1)))
    (local.set $p (f64.add (f64.mul (local.get $p) (local.get $r)) (f64.const 1)))
    ;; 2^k from its exponent bits
    (local.set $p (f64.mul (local.get $p) (f64.reinterpret_i64 (i64.shl
      (i64.add (i64.trunc_f64_s (local.get $k)) (i64.const 1023)) (i64.const 52)))))
    (f64.div (f64.const 1) (f64.add (f64.const 1) (local.get $p))))

  ;; σ at the 8,193 points −6 + 12·i/8,192 (f64), written at $table, which predict then reads: a
  ;; division and a long chain of multiplications per update cost more than the vector loops.
  (func (export "useSigmoidTable") (param $table i32)
    (local $i i32)
    (global.set $sigmoids (local.get $table))
    (block $done
      (loop $fill
        (br_if $done (i32.gt_u (local.get $i) (i32.const 8192)))
        (f64.store (i32.add (local.get $table) (i32.shl (local.get $i) (i32.const 3)))
          (call $sigmoid (f64.add (f64.const -6)
            (f64.mul (f64.convert_i32_u (local.get $i)) (f64.const 0.00146484375)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $fill))))

  ;; Trains the vector at $hidden to predict $count output rows listed at $pairs (each two i32: the
  ;; row's byte offset and its label, 1 or 0), as gensim: a dot product beyond ±6 gives no update;
  ;; otherwise g = (label − σ(dot)) · alpha (σ linearly interpolated in the table of useSigmoidTable: error
  ;; below 3e-8, about the f32 rounding of the gradient it feeds), work += g · row, row += g · hidden. Returns 0, or 1 + the
  ;; index of a pair whose dot product is not finite (training diverged; nothing more is updated).
  (func $predict (export "predict") (param $hidden i32) (param $work i32) (param $n i32) (param $pairs i32)
    (param $count i32) (param $alpha f64) (result i32)
    ;; dot, σ and step are written out here rather than called: this loop is nearly all of training, and
    ;; the calls, their argument set-up and the lost register allocation across them cost ~15%. The
    ;; arithmetic is theirs, in the same order.
    (local $i i32) (local $row i32) (local $f f32) (local $g f64) (local $a i32) (local $b i32) (local $w i32)
    (local $end8 i32) (local $end4 i32) (local $end i32) (local $s0 v128) (local $s1 v128) (local $gv v128)
    (local $r0 v128) (local $r1 v128) (local $gs f32) (local $rs f32) (local $t f64) (local $k i32) (local $at i32)
    (local $low f64) (local $bytes i32) (local $bytes8 i32) (local $bytes4 i32)
    (local.set $bytes (i32.shl (local.get $n) (i32.const 2)))
    (local.set $bytes8 (i32.shl (i32.and (local.get $n) (i32.const -8)) (i32.const 2)))
    (local.set $bytes4 (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $row (i32.load (local.get $pairs)))
        ;; f = dot(hidden, row): as $dot
        (local.set $a (local.get $hidden))
        (local.set $b (local.get $row))
        (local.set $end8 (i32.add (local.get $a) (local.get $bytes8)))
        (local.set $end (i32.add (local.get $a) (local.get $bytes)))
        (local.set $s0 (v128.const i64x2 0 0))
        (local.set $s1 (v128.const i64x2 0 0))
        (block $dot8
          (loop $by8
            (br_if $dot8 (i32.ge_u (local.get $a) (local.get $end8)))
            (local.set $s0 (f32x4.add (local.get $s0)
              (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
            (local.set $s1 (f32x4.add (local.get $s1)
              (f32x4.mul (v128.load offset=16 (local.get $a)) (v128.load offset=16 (local.get $b)))))
            (local.set $a (i32.add (local.get $a) (i32.const 32)))
            (local.set $b (i32.add (local.get $b) (i32.const 32)))
            (br $by8)))
        (if (i32.le_u (i32.add (local.get $a) (i32.const 16)) (local.get $end))
          (then
            (local.set $s0 (f32x4.add (local.get $s0)
              (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
            (local.set $a (i32.add (local.get $a) (i32.const 16)))
            (local.set $b (i32.add (local.get $b) (i32.const 16)))))
        (local.set $s0 (f32x4.add (local.get $s0) (local.get $s1)))
        (local.set $f (f32.add
          (f32.add (f32x4.extract_lane 0 (local.get $s0)) (f32x4.extract_lane 1 (local.get $s0)))
          (f32.add (f32x4.extract_lane 2 (local.get $s0)) (f32x4.extract_lane 3 (local.get $s0)))))
        (block $dot1
          (loop $by1
            (br_if $dot1 (i32.ge_u (local.get $a) (local.get $end)))
            (local.set $f (f32.add (local.get $f) (f32.mul (f32.load (local.get $a)) (f32.load (local.get $b)))))
            (local.set $a (i32.add (local.get $a) (i32.const 4)))
            (local.set $b (i32.add (local.get $b) (i32.const 4)))
            (br $by1)))
        (if (i32.eqz (f32.lt (f32.abs (local.get $f)) (f32.const 6)))
          (then
            (if (i32.eqz (f32.lt (f32.abs (local.get $f)) (f32.const inf)))
              (then (return (i32.add (local.get $i) (i32.const 1))))))
          (else
            ;; σ(f) as $sigmoidOf
            (local.set $t (f64.mul (f64.add (f64.promote_f32 (local.get $f)) (f64.const 6)) (f64.const 682.6666666666666)))
            (local.set $k (i32.trunc_f64_u (local.get $t)))
            (local.set $at (i32.add (global.get $sigmoids) (i32.shl (local.get $k) (i32.const 3))))
            (local.set $low (f64.load (local.get $at)))
            (local.set $g (f64.mul
              (f64.sub (f64.convert_i32_s (i32.load offset=4 (local.get $pairs)))
                (f64.add (local.get $low) (f64.mul (f64.sub (local.get $t) (f64.convert_i32_u (local.get $k)))
                  (f64.sub (f64.load offset=8 (local.get $at)) (local.get $low)))))
              (local.get $alpha)))
            ;; step(hidden, work, row, n, g) as $step, eight values per turn
            (local.set $gs (f32.demote_f64 (local.get $g)))
            (local.set $gv (f32x4.splat (local.get $gs)))
            (local.set $a (local.get $hidden))
            (local.set $w (local.get $work))
            (local.set $b (local.get $row))
            (local.set $end8 (i32.add (local.get $row) (local.get $bytes8)))
            (local.set $end4 (i32.add (local.get $row) (local.get $bytes4)))
            (local.set $end (i32.add (local.get $row) (local.get $bytes)))
            (block $step8
              (loop $by8
                (br_if $step8 (i32.ge_u (local.get $b) (local.get $end8)))
                (local.set $r0 (v128.load (local.get $b)))
                (local.set $r1 (v128.load offset=16 (local.get $b)))
                (v128.store (local.get $w) (f32x4.add (v128.load (local.get $w))
                  (f32x4.mul (local.get $gv) (local.get $r0))))
                (v128.store offset=16 (local.get $w) (f32x4.add (v128.load offset=16 (local.get $w))
                  (f32x4.mul (local.get $gv) (local.get $r1))))
                (v128.store (local.get $b) (f32x4.add (local.get $r0)
                  (f32x4.mul (local.get $gv) (v128.load (local.get $a)))))
                (v128.store offset=16 (local.get $b) (f32x4.add (local.get $r1)
                  (f32x4.mul (local.get $gv) (v128.load offset=16 (local.get $a)))))
                (local.set $a (i32.add (local.get $a) (i32.const 32)))
                (local.set $w (i32.add (local.get $w) (i32.const 32)))
                (local.set $b (i32.add (local.get $b) (i32.const 32)))
                (br $by8)))
            (if (i32.lt_u (local.get $b) (local.get $end4))
              (then
                (local.set $r0 (v128.load (local.get $b)))
                (v128.store (local.get $w) (f32x4.add (v128.load (local.get $w))
                  (f32x4.mul (local.get $gv) (local.get $r0))))
                (v128.store (local.get $b) (f32x4.add (local.get $r0)
                  (f32x4.mul (local.get $gv) (v128.load (local.get $a)))))
                (local.set $a (i32.add (local.get $a) (i32.const 16)))
                (local.set $w (i32.add (local.get $w) (i32.const 16)))
                (local.set $b (i32.add (local.get $b) (i32.const 16)))))
            (block $step1
              (loop $by1
                (br_if $step1 (i32.ge_u (local.get $b) (local.get $end)))
                (local.set $rs (f32.load (local.get $b)))
                (f32.store (local.get $w) (f32.add (f32.load (local.get $w)) (f32.mul (local.get $gs) (local.get $rs))))
                (f32.store (local.get $b) (f32.add (local.get $rs) (f32.mul (local.get $gs) (f32.load (local.get $a)))))
                (local.set $a (i32.add (local.get $a) (i32.const 4)))
                (local.set $w (i32.add (local.get $w) (i32.const 4)))
                (local.set $b (i32.add (local.get $b) (i32.const 4)))
                (br $by1)))))
        (local.set $pairs (i32.add (local.get $pairs) (i32.const 8)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.const 0))

  ;; The vector at $target becomes the sum of the $count rows whose byte offsets are listed at $rows.
  (func $gather (export "gather") (param $rows i32) (param $count i32) (param $target i32) (param $n i32)
    (memory.fill (local.get $target) (i32.const 0) (i32.shl (local.get $n) (i32.const 2)))
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $count)))
        (call $axpy (i32.load (local.get $rows)) (local.get $target) (local.get $n) (f32.const 1))
        (local.set $rows (i32.add (local.get $rows) (i32.const 4)))
        (local.set $count (i32.sub (local.get $count) (i32.const 1)))
        (br $next))))

  ;; Each of the $count rows whose byte offsets are listed at $rows takes share · the vector at $source.
  (func $scatter (export "scatter") (param $source i32) (param $rows i32) (param $count i32) (param $n i32) (param $share f32)
    (block $done
      (loop $next
        (br_if $done (i32.eqz (local.get $count)))
        (call $axpy (local.get $source) (i32.load (local.get $rows)) (local.get $n) (local.get $share))
        (local.set $rows (i32.add (local.get $rows) (i32.const 4)))
        (local.set $count (i32.sub (local.get $count) (i32.const 1)))
        (br $next))))

  ;; The sentence loops of negative sampling and hierarchical softmax, random draws included, so that a
  ;; sentence is one call.
  ;; $block points to a thread's parameter block of int32 fields (see word2vec-trainer.ts, BLOCK):
  ;;   0 random state   4 (out) the non-finite dot product when training diverged
  ;;   8 window  12 negative  16 syn0  20 syn1neg  24 row stride in bytes  28 vector size
  ;;   32 hidden  36 work  40 pairs  44 contexts  48 negative table  52 bucket starts  56 bucket shift
  ;;   60 table total  64 CBOW mean (1) or sum (0)  68 the sentence's rows
  ;;   72 Huffman path offsets (or -1: no hierarchical softmax)  76 path points  80 path codes  84 syn1
  ;; With negative 0 the sampler's fields are not read.
  ;; The random generator is SeededRandom's (random.ts), drawn in the same order as the JavaScript loops.

  ;; The next integer of SeededRandom's sequence, whose state is at $block.
  (func $random (param $block i32) (result i32)
    (local $z i32)
    (local.set $z (i32.add (i32.load (local.get $block)) (i32.const 0x9e3779b9)))
    (i32.store (local.get $block) (local.get $z))
    (local.set $z (i32.mul (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 16))) (i32.const 0x85ebca6b)))
    (local.set $z (i32.mul (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 13))) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 16))))

  ;; Lists the output rows to predict as pairs, as word2vec-trainer.ts's predict does: the inner nodes of
  ;; the target's Huffman path (label 1 − code) with hierarchical softmax, then with negative sampling the
  ;; target (label 1) and its negative words (label 0, the target itself skipped); returns how many. The
  ;; draws are SeededRandom's, with the state in a local.
  (func $pairsOf (param $block i32) (param $target i32) (result i32)
    (local $at i32) (local $count i32) (local $d i32) (local $row i32) (local $output i32) (local $stride i32)
    (local $state i32) (local $z i32) (local $value i32) (local $total i32) (local $table i32) (local $buckets i32)
    (local $shift i32) (local $low i32) (local $high i32) (local $middle i32) (local $starts i32)
    (local.set $at (i32.load offset=40 (local.get $block)))
    (local.set $output (i32.load offset=20 (local.get $block)))
    (local.set $stride (i32.load offset=24 (local.get $block)))
    (local.set $state (i32.load (local.get $block)))
    (local.set $total (i32.load offset=60 (local.get $block)))
    (local.set $buckets (i32.load offset=52 (local.get $block)))
    (local.set $shift (i32.load offset=56 (local.get $block)))
    (local.set $table (i32.load offset=72 (local.get $block)))
    (if (i32.ge_s (local.get $table) (i32.const 0))
      (then
        ;; $low, $high: the target's steps; $middle walks them.
        (local.set $low (i32.load (i32.add (local.get $table) (i32.shl (local.get $target) (i32.const 2)))))
        (local.set $high (i32.load offset=4 (i32.add (local.get $table) (i32.shl (local.get $target) (i32.const 2)))))
        (local.set $row (i32.load offset=84 (local.get $block)))
        (local.set $middle (local.get $low))
        (block $walked
          (loop $walk
            (br_if $walked (i32.ge_u (local.get $middle) (local.get $high)))
            (i32.store (local.get $at) (i32.add (local.get $row) (i32.mul (local.get $stride)
              (i32.load (i32.add (i32.load offset=76 (local.get $block)) (i32.shl (local.get $middle) (i32.const 2)))))))
            (i32.store offset=4 (local.get $at) (i32.sub (i32.const 1)
              (i32.load (i32.add (i32.load offset=80 (local.get $block)) (i32.shl (local.get $middle) (i32.const 2))))))
            (local.set $at (i32.add (local.get $at) (i32.const 8)))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            (local.set $middle (i32.add (local.get $middle) (i32.const 1)))
            (br $walk)))))
    (local.set $table (i32.load offset=48 (local.get $block)))
    (local.set $d (i32.load offset=12 (local.get $block)))
    (if (i32.eqz (local.get $d)) (then (return (local.get $count))))
    (i32.store (local.get $at) (i32.add (local.get $output) (i32.mul (local.get $target) (local.get $stride))))
    (i32.store offset=4 (local.get $at) (i32.const 1))
    (local.set $at (i32.add (local.get $at) (i32.const 8)))
    (local.set $count (i32.add (local.get $count) (i32.const 1)))
    (block $done
      (loop $draw
        (br_if $done (i32.eqz (local.get $d)))
        (local.set $state (i32.add (local.get $state) (i32.const 0x9e3779b9)))
        (local.set $z (local.get $state))
        (local.set $z (i32.mul (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 16))) (i32.const 0x85ebca6b)))
        (local.set $z (i32.mul (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 13))) (i32.const 0xc2b2ae35)))
        (local.set $value (i32.rem_u (i32.xor (local.get $z) (i32.shr_u (local.get $z) (i32.const 16))) (local.get $total)))
        (local.set $starts (i32.add (local.get $buckets)
          (i32.shl (i32.shr_u (local.get $value) (local.get $shift)) (i32.const 2))))
        (local.set $low (i32.load (local.get $starts)))
        (local.set $high (i32.load offset=4 (local.get $starts)))
        (block $found
          (loop $search
            (br_if $found (i32.ge_s (local.get $low) (local.get $high)))
            (local.set $middle (i32.shr_u (i32.add (local.get $low) (local.get $high)) (i32.const 1)))
            (if (i32.lt_s (i32.load (i32.add (local.get $table) (i32.shl (local.get $middle) (i32.const 2)))) (local.get $value))
              (then (local.set $low (i32.add (local.get $middle) (i32.const 1))))
              (else (local.set $high (local.get $middle))))
            (br $search)))
        (local.set $row (local.get $low))
        (if (i32.ne (local.get $row) (local.get $target))
          (then
            (i32.store (local.get $at) (i32.add (local.get $output) (i32.mul (local.get $row) (local.get $stride))))
            (i32.store offset=4 (local.get $at) (i32.const 0))
            (local.set $at (i32.add (local.get $at) (i32.const 8)))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $d (i32.sub (local.get $d) (i32.const 1)))
        (br $draw)))
    (i32.store (local.get $block) (local.get $state))
    (local.get $count))

  ;; Predicts from $hidden; on divergence, stores the non-finite dot product and returns 1.
  (func $train (param $block i32) (param $hidden i32) (param $count i32) (param $alpha f64) (result i32)
    (local $failed i32)
    (local.set $failed (call $predict (local.get $hidden) (i32.load offset=36 (local.get $block))
      (i32.load offset=28 (local.get $block)) (i32.load offset=40 (local.get $block)) (local.get $count) (local.get $alpha)))
    (if (local.get $failed)
      (then
        (f32.store offset=4 (local.get $block) (call $dot (local.get $hidden)
          (i32.load (i32.add (i32.load offset=40 (local.get $block)) (i32.shl (i32.sub (local.get $failed) (i32.const 1)) (i32.const 3))))
          (i32.load offset=28 (local.get $block))))
        (return (i32.const 1))))
    (i32.const 0))

  ;; The window of position $i as gensim draws it: reach = window − (random mod window), clipped to the sentence.
  ;; Returns reach; the caller clips.
  (func $reach (param $block i32) (result i32)
    (local $window i32)
    (local.set $window (i32.load offset=8 (local.get $block)))
    (i32.sub (local.get $window) (i32.rem_u (call $random (local.get $block)) (local.get $window))))

  ;; CBOW over the $length rows of the sentence; returns 0, or 1 when training diverged.
  (func (export "cbowSentence") (param $block i32) (param $length i32) (param $alpha f64) (result i32)
    (local $i i32) (local $j i32) (local $reach i32) (local $from i32) (local $to i32) (local $count i32)
    (local $rows i32) (local $contexts i32) (local $at i32) (local $n i32) (local $stride i32) (local $input i32)
    (local.set $rows (i32.load offset=68 (local.get $block)))
    (local.set $contexts (i32.load offset=44 (local.get $block)))
    (local.set $n (i32.load offset=28 (local.get $block)))
    (local.set $stride (i32.load offset=24 (local.get $block)))
    (local.set $input (i32.load offset=16 (local.get $block)))
    (block $end
      (loop $word
        (br_if $end (i32.ge_u (local.get $i) (local.get $length)))
        (local.set $reach (call $reach (local.get $block)))
        (local.set $from (select (i32.sub (local.get $i) (local.get $reach)) (i32.const 0)
          (i32.gt_u (local.get $i) (local.get $reach))))
        (local.set $to (select (i32.add (i32.add (local.get $i) (local.get $reach)) (i32.const 1)) (local.get $length)
          (i32.gt_u (i32.sub (i32.sub (local.get $length) (local.get $i)) (i32.const 1)) (local.get $reach))))
        (local.set $count (i32.const 0))
        (local.set $at (local.get $contexts))
        (local.set $j (local.get $from))
        (block $listed
          (loop $context
            (br_if $listed (i32.ge_u (local.get $j) (local.get $to)))
            (if (i32.ne (local.get $j) (local.get $i))
              (then
                (i32.store (local.get $at) (i32.add (local.get $input) (i32.mul (local.get $stride)
                  (i32.load (i32.add (local.get $rows) (i32.shl (local.get $j) (i32.const 2)))))))
                (local.set $at (i32.add (local.get $at) (i32.const 4)))
                (local.set $count (i32.add (local.get $count) (i32.const 1)))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $context)))
        (if (local.get $count)
          (then
            (call $gather (local.get $contexts) (local.get $count) (i32.load offset=32 (local.get $block)) (local.get $n))
            (if (i32.and (i32.load offset=64 (local.get $block)) (i32.gt_u (local.get $count) (i32.const 1)))
              (then (call $scale (i32.load offset=32 (local.get $block)) (local.get $n)
                (f32.div (f32.const 1) (f32.convert_i32_u (local.get $count))))))
            (memory.fill (i32.load offset=36 (local.get $block)) (i32.const 0) (local.get $stride))
            (if (call $train (local.get $block) (i32.load offset=32 (local.get $block))
                  (call $pairsOf (local.get $block) (i32.load (i32.add (local.get $rows) (i32.shl (local.get $i) (i32.const 2)))))
                  (local.get $alpha))
              (then (return (i32.const 1))))
            ;; As gensim: the summed variant spreads the error over the context words, the mean variant does not.
            (call $scatter (i32.load offset=36 (local.get $block)) (local.get $contexts) (local.get $count) (local.get $n)
              (select (f32.const 1) (f32.div (f32.const 1) (f32.convert_i32_u (local.get $count)))
                (i32.load offset=64 (local.get $block))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $word)))
    (i32.const 0))

  ;; Skip-gram over the $length rows of the sentence; returns 0, or 1 when training diverged.
  (func (export "skipGramSentence") (param $block i32) (param $length i32) (param $alpha f64) (result i32)
    (local $i i32) (local $j i32) (local $reach i32) (local $from i32) (local $to i32) (local $target i32)
    (local $rows i32) (local $n i32) (local $stride i32) (local $input i32) (local $work i32) (local $context i32)
    (local.set $rows (i32.load offset=68 (local.get $block)))
    (local.set $n (i32.load offset=28 (local.get $block)))
    (local.set $stride (i32.load offset=24 (local.get $block)))
    (local.set $input (i32.load offset=16 (local.get $block)))
    (local.set $work (i32.load offset=36 (local.get $block)))
    (block $end
      (loop $word
        (br_if $end (i32.ge_u (local.get $i) (local.get $length)))
        (local.set $reach (call $reach (local.get $block)))
        (local.set $from (select (i32.sub (local.get $i) (local.get $reach)) (i32.const 0)
          (i32.gt_u (local.get $i) (local.get $reach))))
        (local.set $to (select (i32.add (i32.add (local.get $i) (local.get $reach)) (i32.const 1)) (local.get $length)
          (i32.gt_u (i32.sub (i32.sub (local.get $length) (local.get $i)) (i32.const 1)) (local.get $reach))))
        (local.set $target (i32.load (i32.add (local.get $rows) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $j (local.get $from))
        (block $done
          (loop $context
            (br_if $done (i32.ge_u (local.get $j) (local.get $to)))
            (if (i32.ne (local.get $j) (local.get $i))
              (then
                (local.set $context (i32.add (local.get $input) (i32.mul (local.get $stride)
                  (i32.load (i32.add (local.get $rows) (i32.shl (local.get $j) (i32.const 2)))))))
                (memory.fill (local.get $work) (i32.const 0) (local.get $stride))
                (if (call $train (local.get $block) (local.get $context)
                      (call $pairsOf (local.get $block) (local.get $target)) (local.get $alpha))
                  (then (return (i32.const 1))))
                (call $axpy (local.get $work) (local.get $context) (local.get $n) (f32.const 1))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $context)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $word)))
    (i32.const 0))
)
