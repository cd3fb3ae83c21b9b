#!/bin/bash
# gen_arith_cases.sh: regenerates tests/arith_cases.txt by running every
# expression below through real bash (the oracle) as $((EXPR)), in the
# fixed variable environment that tests/unit/test_arith.c rebuilds.
# Output lines: EXPR<TAB>VALUE or EXPR<TAB>ERR:message, plus a third
# column WARN:w1|w2 when bash printed non-fatal warnings first.
set -u
cd "$(dirname "$0")"
out=arith_cases.txt
setup='x=5 y="x+1" s="  7 " arr=(10 20 30) neg=-3 big=9223372036854775807 \
e= rec="rec+1" d="1/0" v="5 5" w="b+" g=010 f=0x10 t=" 3 + 4 " q="\"1\""; \
declare -A h=([k]=7 ["a b"]=3 [" k "]=9); readonly ro=4; '
{
  while IFS= read -r expr; do
    [ -z "$expr" ] && continue
    # \001 marks bash's diagnostics, with the "bash: line N: " cut off
    res=$(E="$expr" bash -c "$setup"'echo $(($E))' 2>&1 |
      sed -E 's/^bash: line [0-9]+: /\x01/')
    last=${res##*$'\n'}
    warns=
    if [ "$last" != "$res" ]; then
      warns=${res%$'\n'*}
      warns=${warns//$'\n'/|}
      warns=${warns//$'\001'/}
    fi
    if [ "${last:0:1}" = $'\001' ]; then
      val="ERR:${last:1}"
    else
      val=$last
    fi
    if [ -n "$warns" ]; then
      printf '%s\t%s\tWARN:%s\n' "$expr" "$val" "$warns"
    else
      printf '%s\t%s\n' "$expr" "$val"
    fi
  done
} >"$out" <<'CASES'
0
1
42
-42
  12  
9223372036854775807
9223372036854775808
-9223372036854775808
99999999999999999999
18446744073709551616
010
0777
08
09
0
00
0x10
0X1f
0xff
0xFFFFFFFFFFFFFFFF
0xFFFFFFFFFFFFFFFF1
0x8000000000000000
0x
0xg
0x1G
2#101
2#2
2#
8#17
10#99
10#
16#ff
16#FF
36#zZ
36#ZZ
37#zZ
64#A
64#a
64#Z
64#@_
64#@
1#1
65#1
0#1
036#z
0x10#1
2#1#1
2#_
1_0
12abc
1#
99#1
1 + 09 + 2
09 + 1
0 && 09
1 + 0x + 12#
1.5
1 2
1+
1+ 
1 +  
(1
(1 
1)
((1)
(1))
()
(
)
(((1+2)*3))
(1,2)
+
-
,
1,
1,,2
1,2,3
=3
x=
x*=
x+=
x=1,
"1"
'1'
#1
$
1 $ 2
1 @ 2
1;2
1 ! 2
1~2
1 ~
é
1 é
1 [
x[1]]
x[1][2]
(1) $
(1)$
(1) #
((1) $)
x++ $
x $
x=3 $
1/0 $
rec $
x[] $
1 2 $
5++
++5
--5
++x
--x
x++
x--
x++ + ++x
x+++x
x---x
x +++ 2
x ++ 2
x--1
x--+1
++ x
x++y
(x)++
5 ++x
5 --x
1 ++ 2
1 -- 2
1 +++ 2
1 +++x
++++x
--1
---1
+++
-+-
++
++)
1 + ++
x ++ ++
1 + 2 * 3
(1 + 2) * 3
2 * 3 + 4 * 5
10 - 3 - 2
100 / 10 / 5
10 % 3 * 2
-5 / 2
-5 % 2
5 % -2
-5 % -3
7 / -2
1 - -1
1 - - 1
1--1
- -1
+-+-1
!0
!5
!!7
! ! 0
~0
~5
~-1
-~0
~5 & 0xff
1 << 2 + 1
1 << 3
1 << 63
1 << 64
1 << 65
1 << -1
-1 << 63
-1 >> 1
-8 >> 1
1 >> 64
1 >> -1
neg >> 1
neg << 62
1 < 2
2 < 1
1 <= 1
1 >= 2
2 > 1
3 > 2 > 1
1 < 2 == 1
x == 5
x != 5
1 <> 2
1 =< 2
1 => 2
1 >== 2
1 | 2 ^ 3 & 4
7 & 3 == 3
6 & 3
6 | 3
6 ^ 3
1 || 0 && 0
0 && 0 || 1
(1 || 0) && 0
5 && 3
0 || 0
0 || -7
1 && 
&& 1
|| 1
1 | | 2
0 && 1/0
1 || 1/0
0 && x=9, x
0 && (x=9), x
1 || (x=9), x
0 && x++, x
0 && rec
0 && arr[1/0]
0 && 2**neg
0 && 2**(-1)
0 && 1+
0 && x[1
0 && 1/0 $
1 ? 2 : 3
0 ? 2 : 3
1 ? 2 : 1/0
0 ? 1/0 : 3
0 ? 2**-1 : 1
1 ? 0 ? 5 : 6 : 7
0 ? 1 : 0 ? 2 : 3
x ? 0 : 1 ? 2 : 3
x ? y : z
1 ? x=2 : 3
1 ?x=2 : 3
0 ? x=1 : x=2
1 ? x=1 : x=2
0 ? 1 : x=2
x ? x = 1 : 2
x=2?3:4
1 ? 2
1 ? 2 :
1?:2
1 ? : 2
1 :2
?
1 ? 2 : )
1 ? )
1 ? 2 ! 3
(1 ? 2 ! 3)
(1 : 2)
(1 ! 2)
(1 2)
0 ? x[] : 1
2 ** 10
2**3**2
-2**2
(-2)**3
2**63
2**64
2**-1
2**-1+0
2** -1
2**-1 $
1 ** -1
0**0
0 ** 5
7 ** 0
3 ** 40
(-1) ** big
10 ** 18 * 10
2 ** 62 * 2
x**=2
x=3
x = 3
x=3, x
x += 2, x
x -= 1
x *= 2
x /= 2
x %= 3
x <<= 1
x >>= 1
x &= 4
x ^= 1
x |= 2
x/=0
x%=0
x /= 1-1
x / = 2
x =+ 2
x += x += 1
x=y=3
x = = 2
1 = 3
1=3
1 = = 2
1 + x = 3
1+x=3
(x)=3
x++=3
-x=3
x+1=3
1 = $
x == 
x==
1 == = 2
== 1
!=1
x
y
s
s*2
e
e+1
neg
neg*neg
big
big+1
big*2
big + big
-big
-big-1
-big - 2
!big
~big
-(big+1)
zz
zz+1
zz++
++zz
zz = 4
rec
rec=3
rec+=1
rec 1
rec)
rec,
(rec
d
d+1
v
v+1
w
w*2
g
f
t*2
q
x y
a b c
x 1
1 x
x y=5
1 1/0
1/0
1/0+5
1 / 0 + 5
1/ 0
1/(0)
1/0 
 1/0
1%0
5%(x-5)
(-9223372036854775807-1)/-1
(-9223372036854775807-1)%-1
-9223372036854775807-1
0x7fffffffffffffff + 1
arr
arr[0]
arr[1]
arr[2]
arr[3]
arr[-1]
arr[-3]
arr[-4]
arr[1+1]
arr[ 1 ]
arr[0x2]
arr[09]
arr[1/0]
arr[1+]
arr[arr[0]/10]
arr[x-4]
arr[]
arr[@]
arr[*]
arr[] + arr[*]
arr[1]++
arr[1]++ + arr[1]
++arr[2]
arr[1] += 5
arr[-1] *= 2
arr[-4]=1
arr[-2-2]=1
arr[1/0]=3
arr[]=1
arr[@]=1
arr[]++
arr=9, arr[0]
arr[5]=7, arr[5]
x[0]
x[1]
x[ ]
x[1]=3
x[1] = 3, x[1]
x[1]++
x[1
x[1)
x[
x[]]
x[[1]]
x[@]
x[*]
1 + x[1
a[b[1]]
h
h[k]
h[a b]
h[ k ]
h[x]
h[@]
h[*]
h[]
h[k]++
--h[k]
h[new]=4
h[09]
h[09]=1
h[]=1
h[1/0]=3, h[1/0]
ro
ro+1
ro=2
ro++
ro+=1
0 && ro=2
1, x=7, x*2
x++ , x
(x = 3) + x
1 + (x = 3)
x = x + 1, x
x++ + x++
x-- - --x
x d
d 1
d (
d $
d =
d ==
d ?
x y $
x 09
d 09
0 ? d : 1
1 ? 1 : d
0 ? 1 : (d)
0 && d
1 || d
++x++
--arr[1]--
1<=--big++0
zz[-1]
arr[1]yarr[]
x[1]arr64#@36#z64#@
h[k]arr[]9223372036854775807eg36#z
CASES
echo "$(wc -l <"$out") cases written to $out"
